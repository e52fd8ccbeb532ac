/** The height of the embedded player page's title bar under its 16:9 video; embed codes and frames add it to the box. */
export const PLAYER_BAR_PX = 40;
