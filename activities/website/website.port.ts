/** A company's website as readable text: what script generation reads before it writes an agent's script. */
export interface CompanyWebsite {
  /** The address the page was read from (after redirects). */
  url: string;
  title: string;
  /** Headings (`#`/`##` lines), paragraphs, list items (`- `) and phone/e-mail links, one block a line. */
  text: string;
}

export interface WebsiteReader {
  readCompanyWebsite(url: string): Promise<CompanyWebsite>;
}

export type WebsiteReadErrorCode = 'REFUSED' | 'UNREACHABLE' | 'HTTP_STATUS' | 'NOT_HTML' | 'TOO_LARGE' | 'EMPTY';

/** Why a website could not be read; retryable only when trying again later can help (a timeout, a 5xx). */
export class WebsiteReadError extends Error {
  constructor(
    readonly code: WebsiteReadErrorCode,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'WebsiteReadError';
  }
}
