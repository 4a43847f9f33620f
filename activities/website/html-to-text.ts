import { Parser } from 'htmlparser2';

/** Subtrees that are never content: code, styling, menus, embedded media and forms. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'canvas', 'iframe', 'object', 'nav', 'form', 'select', 'button']);
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'address',
  'blockquote',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'table',
  'tr',
  'td',
  'th',
  'br',
  'hr',
  'figcaption',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);
const VOID = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'source', 'wbr', 'area', 'base', 'col', 'embed', 'param', 'track']);

function safeDecode(href: string): string {
  try {
    return decodeURIComponent(href);
  } catch {
    return href;
  }
}

export interface ReadablePage {
  title: string;
  text: string;
}

/** The most text kept from one page: a home page's content fits easily; a huge page is cut, not refused. */
export const MAX_TEXT_CHARS = 20_000;

/**
 * A page as readable text, one block a line: `# ` for h1 and `## ` for other headings, `- ` for list items,
 * and a `tel:`/`mailto:` link's target after its text, since the phone number and e-mail are what a script needs.
 */
export function htmlToReadableText(html: string): ReadablePage {
  const lines: string[] = [];
  let current = '';
  let prefix = '';
  let skipDepth = 0;
  let inTitle = false;
  let title = '';
  const linkTargets: (string | null)[] = [];
  let linkText = '';

  const flush = () => {
    const text = current.replace(/\s+/g, ' ').trim();
    if (text !== '' && !/^[\s|•·–—-]*$/.test(text)) lines.push(prefix + text);
    current = '';
    prefix = '';
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'title') {
          inTitle = true;
          return;
        }
        if (SKIPPED.has(name) || attrs.hidden !== undefined || attrs['aria-hidden'] === 'true') {
          if (!VOID.has(name)) skipDepth++;
          return;
        }
        if (skipDepth > 0) return;
        if (BLOCKS.has(name)) flush();
        if (/^h[1-6]$/.test(name)) prefix = name === 'h1' ? '# ' : '## ';
        else if (name === 'li') prefix = '- ';
        else if (name === 'dt') prefix = '## ';
        if (name === 'a') {
          const href = (attrs.href ?? '').trim();
          linkTargets.push(/^(tel|mailto):/i.test(href) ? safeDecode(href) : /^https?:\/\/\S*review/i.test(href) ? `link:${href}` : null);
          linkText = '';
        }
        if (name === 'img' && attrs.alt && /\d|@/.test(attrs.alt)) current += ` ${attrs.alt} `;
      },
      ontext(text) {
        if (inTitle) {
          title += text;
          return;
        }
        if (skipDepth > 0) return;
        current += text;
        linkText += text;
      },
      onclosetag(name) {
        if (name === 'title') {
          inTitle = false;
          return;
        }
        if (SKIPPED.has(name)) {
          if (!VOID.has(name) && skipDepth > 0) skipDepth--;
          return;
        }
        if (skipDepth > 0) return;
        if (name === 'a') {
          const target = linkTargets.pop();
          if (target) {
            if (target.startsWith('link:')) current += ` (${target.replace(/^link:/, 'link: ')})`;
            const [scheme, ...rest] = target.startsWith('link:') ? [''] : target.split(':');
            const value = rest.join(':').split('?')[0];
            const digits = (s: string) => s.replace(/\D/g, '');
            const shown = scheme.toLowerCase() === 'tel' ? digits(linkText).endsWith(digits(value).slice(-10)) : linkText.includes(value);
            if (scheme !== '' && (!shown || scheme.toLowerCase() === 'tel')) current += ` (${scheme.toLowerCase()}: ${value})`;
          }
        }
        if (BLOCKS.has(name)) flush();
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  flush();

  const deduped = lines.filter((line, i) => i === 0 || line !== lines[i - 1]);
  let text = deduped.join('\n');
  if (text.length > MAX_TEXT_CHARS) text = text.slice(0, text.lastIndexOf('\n', MAX_TEXT_CHARS) > 0 ? text.lastIndexOf('\n', MAX_TEXT_CHARS) : MAX_TEXT_CHARS);
  const pageTitle = title.replace(/\s+/g, ' ').trim() || (deduped.find((l) => l.startsWith('# ')) ?? '').slice(2);
  return { title: pageTitle, text };
}
