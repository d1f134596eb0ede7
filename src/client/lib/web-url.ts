/**
 * What a band member most often types for a link: an address without its scheme, as a browser's
 * address bar shows it ("tickets.example.com/show"). The URL fields take only http(s) URLs, so
 * such a value gets "https://" in front when the field is left; anything else stays as typed (a
 * scheme of its own, a site path, a word without a dot, spaces) for the form's own check to judge.
 */
export function withWebScheme(value: string): string {
  const typed = value.trim();
  // a host with a dot before any path, port or query: no ':' (a scheme, a port), no '/' first
  return /^[^\s/:?#@]+\.[^\s/:?#@.]+[^\s]*$/.test(typed) && !typed.includes(":") ? `https://${typed}` : value;
}
