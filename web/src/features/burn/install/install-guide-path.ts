/** The install guide's address and the parts of it others link to (kept apart so the route table loads no page). */
export const INSTALL_GUIDE_PATH = '/denim';
export const IT_SECTION = 'it-departments';
export const DEVELOPER_SECTION = 'developer-mode';
