// Editors' HTML (content bodies, FAQ answers), shown after removing what a body has no business holding:
// scripts, frames, styles, forms, event handlers and javascript: links. The page's CSP would block
// scripts anyway; this keeps the markup to text, links, lists, tables and images.
const DROP = 'script, iframe, frame, object, embed, style, link, meta, form, input, button, textarea, select, base';

export function cleanHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const element of doc.body.querySelectorAll(DROP)) element.remove();
  for (const element of doc.body.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.trim().toLowerCase();
      if (name.startsWith('on') || name === 'style' || ((name === 'href' || name === 'src') && /^(javascript|data|vbscript):/.test(value)))
        element.removeAttribute(attribute.name);
    }
  }
  return doc.body.innerHTML;
}

export function Html({ html, class: className }: { html: string; class?: string }) {
  return <div class={className} dangerouslySetInnerHTML={{ __html: cleanHtml(html) }} />;
}
