// Whether text looks like an email address (SPEC §5); the server validates it properly.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/**
 * A mailto: link (RFC 6068) to one address, with header fields (subject, body) filled in. Every
 * part is percent-encoded: "?", "&", "=", "," and "%" are all allowed before an address's @, and
 * unencoded they would end the recipient and add recipients or fields of the address owner's
 * choosing (`a?bcc=victim@evil.example`). The @ stays as it is (RFC 6068 allows it). Spaces are
 * %20, not "+": a mailto: reader takes "+" literally.
 */
export function mailtoHref(address: string, fields: Readonly<Record<string, string>> = {}): string {
  const to = encodeURIComponent(address).replaceAll("%40", "@");
  const query = Object.entries(fields)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join("&");
  return query ? `mailto:${to}?${query}` : `mailto:${to}`;
}
