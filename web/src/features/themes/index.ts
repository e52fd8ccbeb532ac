export { ThemePickerDialog, type ThemePickerProps } from './ThemePickerDialog.tsx';
export { themeChoice, tileKey } from './picker-sections.ts';
export { themeLabel } from './theme-sort.ts';
