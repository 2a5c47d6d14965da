/** Whether a text is an http(s) URL, shown as a link (a company's website); anything else stays text. */
export function isHttpUrl(text: string): boolean {
  return /^https?:\/\/\S+$/i.test(text);
}
