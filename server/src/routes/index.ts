import Router from '@koa/router';
import { adminRoutes } from '../admin/index.ts';
import type { Deps } from '../deps.ts';
import { outboxRoutes } from './outbox.routes.ts';
import { usersRoutes } from './users.routes.ts';
import { accountSettingsRoutes } from './account-settings.routes.ts';
import { brandsRoutes } from './brands.routes.ts';
import { invitationsRoutes } from './invitations.routes.ts';
import { organizationsRoutes } from './organizations.routes.ts';
import { settingsUsersRoutes } from './settings-users.routes.ts';
import { settingsVideosRoutes } from './settings-videos.routes.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { navbarRoutes } from './navbar.routes.ts';
import { productImagesRoutes } from './product-images.routes.ts';
import { slideImagesRoutes } from './slide-images.routes.ts';
import { slidesRoutes } from './slides.routes.ts';
import { slideLookupRoutes } from './slide-lookup.routes.ts';
import { slideFontsRoutes } from './slide-fonts.routes.ts';
import { slideEditsRoutes } from './slide-edits.routes.ts';
import { systemsRoutes } from './systems.routes.ts';
import { videosRoutes } from './videos.routes.ts';
import { songsRoutes } from './songs.routes.ts';
import { stockSongsRoutes } from './stock-songs.routes.ts';
import { uploadLinkRoutes } from './upload-link.routes.ts';
import { messagesRoutes } from './messages.routes.ts';
import { qrRoutes } from './qr.routes.ts';
import { sorRoutes } from './sor.routes.ts';
import { customThemesRoutes } from './custom-themes.routes.ts';
import { downloadsRoutes } from './downloads.routes.ts';
import { generationStatusRoutes } from './generation-status.routes.ts';
import { ordersRoutes } from './orders.routes.ts';
import { retailOrdersRoutes } from './retail-orders.routes.ts';
import { obituaryImportRoutes } from './obituary-import.routes.ts';
import { previewRoutes } from './preview.routes.ts';
import { renderRoutes } from './render.routes.ts';
import { themesRoutes } from './themes.routes.ts';
import { stationeriesRoutes } from './stationeries.routes.ts';
import { videoAdminRoutes } from './video-admin.routes.ts';
import { activityLogsRoutes } from './activity-logs.routes.ts';
import { obituariesRoutes } from './obituaries.routes.ts';
import { embedRoutes } from './embed.routes.ts';
import { videoViewsRoutes } from './video-views.routes.ts';
import { videoExtrasRoutes } from './video-extras.routes.ts';
import { denimRoutes } from '../burner/denim.routes.ts';
import { stockClipRoutes } from './stock-clip.routes.ts';
import { stockTextRoutes } from './stock-text.routes.ts';
import { lookCustomizationRoutes } from './look-customization.routes.ts';
import { duplicatesRoutes } from './duplicates.routes.ts';
import { ideasRoutes } from './ideas.routes.ts';
import { searchRoutes } from './search.routes.ts';
import { libraryAdminRoutes } from './library-admin.routes.ts';
import { reportsRoutes } from './reports.routes.ts';
import { statementsRoutes } from './statements.routes.ts';
import { silksRoutes } from './silks.routes.ts';

/** Every router of the API, mounted in one place. */
export function apiRouter(deps: Deps): Router {
  const router = new Router();
  for (const child of [usersRoutes(deps), organizationsRoutes(deps), accountSettingsRoutes(deps), brandsRoutes(deps), invitationsRoutes(deps), settingsUsersRoutes(deps), settingsVideosRoutes(deps), adminRoutes(deps), libraryAdminRoutes(deps), outboxRoutes(deps), navbarRoutes(deps), systemsRoutes(deps), dashboardRoutes(deps), videosRoutes(deps), productImagesRoutes(deps), slideImagesRoutes(deps), slidesRoutes(deps), slideLookupRoutes(deps), slideFontsRoutes(deps), slideEditsRoutes(deps), customThemesRoutes(deps), uploadLinkRoutes(deps), messagesRoutes(deps), qrRoutes(deps), sorRoutes(deps), songsRoutes(deps), stockSongsRoutes(deps), generationStatusRoutes(deps), ordersRoutes(deps), retailOrdersRoutes(deps), previewRoutes(deps), downloadsRoutes(deps), renderRoutes(deps), themesRoutes(deps), embedRoutes(deps), videoViewsRoutes(deps), videoExtrasRoutes(deps), videoAdminRoutes(deps), activityLogsRoutes(deps), obituariesRoutes(deps), obituaryImportRoutes(deps), stationeriesRoutes(deps), denimRoutes(deps), stockTextRoutes(deps), lookCustomizationRoutes(deps), duplicatesRoutes(deps), stockClipRoutes(deps), ideasRoutes(deps), searchRoutes(deps), silksRoutes(deps), reportsRoutes(deps), statementsRoutes(deps)]) {
    // No allowedMethods(): a GET of a page whose path also takes a POST (/users/login) must reach the app, not 405.
    router.use(child.routes());
  }
  return router;
}
