/**
 * What a share toolbar shares (spec 1, section 3 "Share props"). The words start as the page's defaults and can
 * be edited in the dialogs before sending.
 */
export interface ShareProps {
  link: string;
  /** Names the downloaded QR code file. */
  title: string;
  emailSubject: string;
  /** The email's message; it holds the link on a line of its own. */
  email: string;
  /** The text message; it holds the link on a line of its own. */
  text: string;
  fromName: string;
  replyTo: string;
  videoId: number;
  /** How the share log groups it ('upload_link', 'video' ...). */
  shareType: string;
  textEnabled: boolean;
  /** The link is to a video anyone may watch: the social sites' share links show. */
  public?: boolean;
  /** The words the social share links carry with the link. */
  publicTitle?: string;
  qrCode: boolean;
  disabled?: boolean;
}
