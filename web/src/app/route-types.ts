import type { ComponentType } from 'react';

/** Who may open a page: everyone, signed-in users, or super users. */
export type Audience = 'public' | 'guest' | 'user' | 'super';

/** A page: it gets the route's params (app/lazy-page.tsx makes one that loads on first use). */
export type PageComponent = ComponentType<{ params: Record<string, string | undefined> }>;

export interface PageRoute {
  /** A wouter pattern, or a RegExp (named groups become params) when one route must cover several addresses. */
  path: string | RegExp;
  title: string;
  audience: Audience;
  component: PageComponent;
  /** Without the top bar and drawers: a page shown inside another page's frame. */
  bare?: boolean;
}
