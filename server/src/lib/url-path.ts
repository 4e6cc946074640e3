/** A request URL's path, without its query string (a query can carry a secret, such as a reset token). */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
