/** The top bar's configuration for the current caller (spec 1, section 3 "Navbar config"). */
export interface WireNavbar {
  super: boolean;
  via_admin: boolean;
  logged_in: boolean;
  menu: boolean;
  billing: boolean;
  organization_name: string | null;
  partner_name: string | null;
  user_id: number | null;
  production_site: boolean;
  client_broadcast_enabled: boolean;
  client_broadcast: string;
  show_partner_unreleased_banner: boolean;
  show_partner_dev_banner: boolean;
  show_sor_banner: boolean;
}

/** GET /r/systems/client_broadcast: success is false when no broadcast is set or it is switched off. */
export interface WireClientBroadcast {
  success: boolean;
  broadcast: string;
}

/** POST /r/systems/client_broadcast (super users). */
export interface WireClientBroadcastSetting {
  broadcast: string;
  enabled: boolean;
}
