import type { ComponentType } from 'react';

/** Who may open a page: everyone, signed-in users, or super users. */
export type Audience = 'public' | 'guest' | 'user' | 'super';

export interface PageRoute {
  /** A wouter pattern, or a RegExp (named groups become params) when one route must cover several addresses. */
  path: string | RegExp;
  title: string;
  audience: Audience;
  component: ComponentType<{ params: Record<string, string | undefined> }>;
  /** Without the top bar and drawers: a page shown inside another page's frame. */
  bare?: boolean;
}
