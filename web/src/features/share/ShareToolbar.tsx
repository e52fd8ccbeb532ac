import { ContentCopy, Email, Facebook, IosShare, QrCode2, Sms, WhatsApp, X } from '@mui/icons-material';
import { Button, Snackbar, Stack } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { EmailShareDialog } from './EmailShareDialog.tsx';
import { QrCodeDialog } from './QrCodeDialog.tsx';
import { socialLinks, type SocialLink } from './social-links.ts';
import { TextShareDialog } from './TextShareDialog.tsx';
import type { ShareProps } from './types.ts';

/** Spec 1, section 9: the snackbar hides itself after 10 seconds. */
export const SNACKBAR_MS = 10_000;

type Open = 'email' | 'text' | 'qr' | null;

interface Props extends ShareProps {
  /** After an email or a text message went out (the page refreshes its share log). */
  onShared?: () => void;
}

/** Puts text on the clipboard (a link, an embed code). */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  // Plain-http installations have no clipboard API: the old selection copy still works there.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('Copy refused');
  } finally {
    area.remove();
  }
}

const canShareNatively = (): boolean => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

function ToolButton({ icon, label, onClick, disabled }: { icon: ReactNode; label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <Button variant="outlined" startIcon={icon} onClick={onClick} disabled={disabled}>
      {label}
    </Button>
  );
}

const SOCIAL_ICONS: Record<SocialLink['site'], ReactNode> = { facebook: <Facebook />, x: <X />, whatsapp: <WhatsApp /> };

/**
 * The share buttons of spec 1, section 2.12: Copy link, the device's own Share where the browser has one, Email,
 * Text message (when textEnabled), the social sites' share pages (when public) and QR code (when qrCode), with the
 * snackbar that confirms each.
 */
export function ShareToolbar({ onShared, ...share }: Props) {
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const disabled = share.disabled || !share.link;

  const sent = (message: string) => {
    setOpen(null);
    setNotice(message);
    onShared?.();
  };
  const copy = async () => {
    try {
      await copyText(share.link);
      setNotice('Copied to clipboard');
    } catch {
      setNotice('The link could not be copied. Select it and copy it by hand.');
    }
  };
  const nativeShare = async () => {
    try {
      await navigator.share({ title: share.emailSubject || share.title, url: share.link });
    } catch {
      // Closing the device's share sheet rejects; nothing to tell.
    }
  };

  return (
    <>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }} className="share-buttons">
        <ToolButton icon={<ContentCopy />} label="Copy Link" onClick={() => void copy()} disabled={disabled} />
        {canShareNatively() && <ToolButton icon={<IosShare />} label="Share" onClick={() => void nativeShare()} disabled={disabled} />}
        <ToolButton icon={<Email />} label="Email" onClick={() => setOpen('email')} disabled={disabled} />
        {share.textEnabled && <ToolButton icon={<Sms />} label="Text Message" onClick={() => setOpen('text')} disabled={disabled} />}
        {share.public &&
          !disabled &&
          socialLinks(share.link, share.publicTitle ?? share.title).map((social) => (
            <Button key={social.site} variant="outlined" startIcon={SOCIAL_ICONS[social.site]} href={social.href} target="_blank" rel="noopener noreferrer" data-social={social.site}>
              {social.label}
            </Button>
          ))}
        {share.qrCode && <ToolButton icon={<QrCode2 />} label="QR Code" onClick={() => setOpen('qr')} disabled={disabled} />}
      </Stack>
      {open === 'email' && <EmailShareDialog share={share} onClose={() => setOpen(null)} onSent={() => sent('Email sent')} />}
      {open === 'text' && <TextShareDialog share={share} onClose={() => setOpen(null)} onSent={() => sent('Text message sent')} />}
      {open === 'qr' && <QrCodeDialog link={share.link} title={share.title} onClose={() => setOpen(null)} />}
      <Snackbar
        open={notice !== null}
        message={notice}
        autoHideDuration={SNACKBAR_MS}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') setNotice(null);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      />
    </>
  );
}
