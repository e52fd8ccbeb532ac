export { CUSTOM_THEME_ROUTES } from './routes.ts';

export { CustomThemeDialog } from './CustomThemeDialog.tsx';
