export { CustomThemeDialog } from './CustomThemeDialog.tsx';
