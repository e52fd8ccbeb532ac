/** Rows of the settings pages declared on the admin scaffold (server/src/admin/resources/), as on the wire. */

export interface WirePartner {
  id: number;
  name: string;
  website_url: string | null;
  contact_name: string | null;
  contact_email: string | null;
  phone: string | null;
  released: boolean;
  notes: string | null;
  created_at: string;
}

export interface WireCorporation {
  id: number;
  name: string;
  contact_name: string | null;
  contact_email: string | null;
  phone: string | null;
  billing_address: string | null;
  notes: string | null;
  created_at: string;
}

/** A product the order page offers (when enabled and physical), at price_cents unless the organization has its own. */
export interface WireProduct {
  id: number;
  product_title: string;
  product_thumb_image: string;
  kind: 'dvd' | 'bluray' | 'usb' | 'download';
  price_cents: number;
  sort_order: number;
  physical: boolean;
  enabled: boolean;
}

/** An organization's own price for a product on the order page (instead of the product's price_cents). */
export interface WireOrganizationPrice {
  id: number;
  organization_id: number;
  organization_name: string;
  product_id: number;
  product_title: string;
  price_cents: number;
  /** The product's own price, for comparison. */
  list_price_cents: number;
}

export interface WireTaxCertificate {
  id: number;
  organization_id: number;
  organization_name: string;
  jurisdiction: string | null;
  certificate_number: string | null;
  /** A calendar date, YYYY-MM-DD. */
  expires_on: string;
  file_name: string | null;
  file_type: string | null;
  file_size: number | null;
  /** Downloads the stored file (super users only). */
  file_url: string | null;
  created_at: string;
}
