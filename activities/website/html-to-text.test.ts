import { htmlToReadableText, MAX_TEXT_CHARS } from './html-to-text';

describe('htmlToReadableText', () => {
  it('keeps headings, paragraphs, list items and phone/e-mail links; drops scripts, styles, menus and forms', () => {
    const page = htmlToReadableText(`<!doctype html><html><head><title> Acme  Air </title><style>p{color:red}</style>
      <script>var secret = "tracking";</script></head><body>
      <nav><a href="/">Home</a><a href="/about">About us</a></nav>
      <h1>Acme &amp; Sons Air</h1><p>We fix   furnaces.</p>
      <ul><li>AC repair</li><li>Duct cleaning</li></ul>
      <h3>Do you work weekends?</h3><p>Yes, Saturdays.</p>
      <p>Call <a href="tel:+1-555-010-2030">now</a> or write <a href="mailto:office@acme.example">office@acme.example</a>
      or <a href="mailto:jobs@acme.example">our hiring team</a>.</p>
      <form><input name="q"><button>Search</button><label>Your name</label></form>
      <div hidden>Hidden promo</div>
      </body></html>`);
    expect(page.title).toBe('Acme Air');
    expect(page.text.split('\n')).toEqual([
      '# Acme & Sons Air',
      'We fix furnaces.',
      '- AC repair',
      '- Duct cleaning',
      '## Do you work weekends?',
      'Yes, Saturdays.',
      'Call now (tel: +1-555-010-2030) or write office@acme.example or our hiring team (mailto: jobs@acme.example).',
    ]);
  });

  it('takes the first heading as the title when there is no <title>, and cuts a huge page at a line', () => {
    const long = `<h1>Big</h1>${'<p>' + 'word '.repeat(50) + '</p>'.repeat(1)}`.repeat(200);
    const page = htmlToReadableText(long);
    expect(page.title).toBe('Big');
    expect(page.text.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
    for (const line of page.text.split('\n')) expect(['# Big', 'word '.repeat(50).trim()]).toContain(line);
  });
});
