/** The burner the configuration names: the virtual one of the tests, or this system's drive. */
import type { BurnerConfig } from '../config.ts';
import type { Burner } from './burner.ts';
import { LinuxBurner } from './linux.ts';
import { MacBurner } from './macos.ts';
import { VirtualBurner } from './virtual.ts';
import { WindowsBurner } from './windows.ts';

export function createBurner(config: BurnerConfig): Burner {
  if (config.kind === 'virtual') return new VirtualBurner(config.stateFile);
  if (process.platform === 'win32') return new WindowsBurner();
  if (process.platform === 'darwin') return new MacBurner();
  return new LinuxBurner(config.device);
}
