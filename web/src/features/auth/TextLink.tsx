import { Link as MuiLink } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** An in-app link in running text; always underlined, as colour alone does not mark it out. */
export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <MuiLink component={Link} href={href} underline="always">
      {children}
    </MuiLink>
  );
}
