// The portal's HTML cleaner (web/src/components/clean-html.ts) against the OWASP XSS filter evasion
// cheat sheet: each input cleaned, then the output parsed again and searched for anything that could
// run script or lead to a non-http(s)/mailto/tel address.
import { expect } from 'chai';
import { JSDOM } from 'jsdom';
import { makeHtmlCleaner } from '../../web/src/components/clean-html.ts';

const { window } = new JSDOM('<!doctype html><html><body></body></html>');
const clean = makeHtmlCleaner(window as unknown as Parameters<typeof makeHtmlCleaner>[0]);

const DANGEROUS_TAGS = 'script, iframe, frame, frameset, object, embed, applet, svg, math, animate, set, style, link, meta, base, form, input, button, bgsound, xml, template';
const SAFE_ADDRESS = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** what in cleaned HTML could still run or lead somewhere it should not, as readable findings */
function hazards(html: string): string[] {
  const doc = new JSDOM(`<!doctype html><body>${html}</body>`).window.document;
  const found = [...doc.body.querySelectorAll(DANGEROUS_TAGS)].map((element) => `<${element.localName}>`);
  for (const element of doc.body.querySelectorAll('*')) {
    for (const { name, value } of [...element.attributes]) {
      // eslint-disable-next-line no-control-regex -- browsers ignore these inside a scheme
      const squeezed = value.replace(/[\u0000-\u0020]/g, '');
      if (/^on/i.test(name) || name === 'style') found.push(`${element.localName}[${name}]`);
      else if (/^(?:javascript|vbscript|data):/i.test(squeezed)) found.push(`${element.localName}[${name}=${value}]`);
      else if (/href$|src$|background|action|poster|cite/i.test(name) && !SAFE_ADDRESS.test(squeezed)) found.push(`${element.localName}[${name}=${value}]`);
    }
  }
  return found;
}

describe('portal HTML cleaner: OWASP XSS filter evasion cases', () => {
  const attacks: [string, string][] = [
    ['tab inside the scheme', '<a href="java\tscript:alert(1)">x</a>'],
    ['encoded tab inside the scheme', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
    ['encoded newline inside the scheme', '<a href="jav&#x0A;ascript:alert(1)">x</a>'],
    ['encoded carriage return inside the scheme', '<a href="jav&#x0D;ascript:alert(1)">x</a>'],
    ['NUL inside the scheme', '<img src="java\0script:alert(1)">'],
    ['spaces and meta characters before the scheme', '<img src=" &#14;  javascript:alert(1);">'],
    ['SVG xlink:href', '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>'],
    ['SVG <animate> setting href', '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text x="20" y="20">x</text></a></svg>'],
    ['SVG <set> setting href', '<svg><a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>'],
    ['SVG onload', '<svg/onload=alert(1)>'],
    ['script with a source', '<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>'],
    ['image with javascript:', `<IMG SRC="javascript:alert('XSS');">`],
    ['no quotes, no semicolon', `<IMG SRC=javascript:alert('XSS')>`],
    ['case-insensitive scheme', `<IMG SRC=JaVaScRiPt:alert('XSS')>`],
    ['HTML entities', '<IMG SRC=javascript:alert(&quot;XSS&quot;)>'],
    ['grave accents', '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>'],
    ['malformed A tag', '<a onmouseover="alert(document.cookie)">xxs link</a>'],
    ['malformed IMG tag', '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>'],
    ['fromCharCode', '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>'],
    ['default SRC with an event', `<IMG SRC=# onmouseover="alert('xxs')">`],
    ['empty SRC with onerror', '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>'],
    ['decimal references without semicolons', '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">'],
    ['decimal references', '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>'],
    ['long decimal references', '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>'],
    ['hexadecimal references', '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>'],
    ['non-alpha-non-digit after the tag name', '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>'],
    ['junk in an event name', '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>'],
    ['extraneous open brackets', '<<SCRIPT>alert("XSS");//\\<</SCRIPT>'],
    ['no closing script tag', '<SCRIPT SRC=http://xss.rocks/xss.js?< B >'],
    ['protocol-relative script', '<SCRIPT SRC=//xss.rocks/.j>'],
    ['half-open iframe', '<iframe src=http://xss.rocks/scriptlet.html <'],
    ['ending a title', '</TITLE><SCRIPT>alert("XSS");</SCRIPT>'],
    ['input image', `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`],
    ['body background', `<BODY BACKGROUND="javascript:alert('XSS')">`],
    ['image dynsrc', `<IMG DYNSRC="javascript:alert('XSS')">`],
    ['image lowsrc', `<IMG LOWSRC="javascript:alert('XSS')">`],
    ['list-style-image', `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`],
    ['vbscript in an image', `<IMG SRC='vbscript:msgbox("XSS")'>`],
    ['body onload', `<BODY ONLOAD=alert('XSS')>`],
    ['bgsound', `<BGSOUND SRC="javascript:alert('XSS');">`],
    ['stylesheet link', `<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`],
    ['remote style sheet', `<STYLE>@import'http://xss.rocks/xss.css';</STYLE>`],
    ['meta refresh', `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`],
    ['meta refresh to data:', '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">'],
    ['iframe', `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`],
    ['iframe event', '<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>'],
    ['frameset', `<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`],
    ['table background', `<TABLE BACKGROUND="javascript:alert('XSS')">`],
    ['cell background', `<TABLE><TD BACKGROUND="javascript:alert('XSS')">`],
    ['div background-image', `<DIV STYLE="background-image: url(javascript:alert('XSS'))">`],
    ['div expression', `<DIV STYLE="width: expression(alert('XSS'));">`],
    ['image style expression', `<IMG STYLE="xss:expr/*XSS*/ession(alert('XSS'))">`],
    ['base href', `<BASE HREF="javascript:alert('XSS');//">`],
    ['object scriptlet', '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>'],
    ['embedded SVG in data:', '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAwIiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlhTUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>'],
    ['data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['data: image', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
    ['form action', '<form action="javascript:alert(1)"><button>go</button></form>'],
    ['button formaction', '<button formaction="javascript:alert(1)">go</button>'],
    ['MathML link', '<math><mtext><a href="javascript:alert(1)">x</a></mtext></math>'],
    ['mutation through noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
    ['other scheme', '<a href="file:///etc/passwd">x</a><a href="ftp://example.org/x">y</a>'],
  ];

  for (const [name, input] of attacks) {
    it(`${name}: nothing left that runs or leaves http(s), mailto and tel`, () => {
      expect(hazards(clean(input)), clean(input)).to.deep.equal([]);
    });
  }

  it('the hazard check itself finds each of the three ways today’s cleaner let through', () => {
    expect(hazards('<a href="java\tscript:alert(1)">x</a>')).to.have.length(1);
    expect(hazards('<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>')).to.include('<svg>');
    expect(hazards('<svg><a><animate attributeName="href" values="javascript:alert(1)"/></a></svg>')).to.include('<animate>');
  });

  const kept: [string, string][] = [
    ['https link', '<p><a href="https://example.org/help">help</a></p>'],
    ['http link', '<a href="http://example.org/">site</a>'],
    ['mailto link', '<a href="mailto:lettings@example.org">write</a>'],
    ['tel link', '<a href="tel:+441234567890">call</a>'],
    ['relative link', '<a href="/help/renting">renting</a>'],
    ['anchor', '<a href="#eligibility">eligibility</a>'],
    ['picture over https', '<img src="https://cdn.example.org/a.jpg" alt="A garden">'],
    ['lists and tables', '<ul><li>one</li></ul><table><tbody><tr><td>two</td></tr></tbody></table>'],
    ['emphasis and headings', '<h2>Who can apply</h2><p><strong>Shared</strong> <em>ownership</em></p>'],
  ];
  for (const [name, input] of kept) {
    it(`keeps ${name}`, () => {
      expect(clean(input)).to.equal(input);
    });
  }
});
