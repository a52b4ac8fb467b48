import { cleanHtml } from './clean-html.ts';

export function Html({ html, class: className }: { html: string; class?: string }) {
  return <div class={className} dangerouslySetInnerHTML={{ __html: cleanHtml(html) }} />;
}
