/** A social site's share page for a public video (spec 1 section 2.12: social links, only when public). */
export interface SocialLink {
  site: 'facebook' | 'x' | 'whatsapp';
  label: string;
  href: string;
}

/**
 * The share pages of the social sites for a link and the words that go with it (publicTitle). Each site's own
 * share address takes the link (and, where the site allows, the words) in its query, so nothing is sent from here.
 */
export function socialLinks(link: string, publicTitle: string): SocialLink[] {
  const title = publicTitle.trim();
  const url = encodeURIComponent(link);
  const words = encodeURIComponent(title);
  return [
    { site: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { site: 'x', label: 'X', href: `https://x.com/intent/post?url=${url}${title ? `&text=${words}` : ''}` },
    { site: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(title ? `${title}\n${link}` : link)}` },
  ];
}
