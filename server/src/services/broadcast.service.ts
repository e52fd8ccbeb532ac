import { AppError } from '../http/errors.ts';
import type { Body } from '../http/request.ts';
import type { SystemSettingRepository } from '../repositories/system-setting.repository.ts';
import type { WireClientBroadcast, WireClientBroadcastSetting } from '../wire/navbar.ts';

const KEY = 'client_broadcast';
export const BROADCAST_MAX_LENGTH = 1000;

/** The site-wide message that super users show to every client in a banner. */
export function broadcastService(settings: SystemSettingRepository) {
  async function current(): Promise<WireClientBroadcastSetting> {
    const stored = await settings.get<Partial<WireClientBroadcastSetting>>(KEY);
    return { broadcast: typeof stored?.broadcast === 'string' ? stored.broadcast : '', enabled: stored?.enabled === true };
  }

  return {
    current,

    /** What clients poll: a message only while one is set and switched on. */
    async reply(): Promise<WireClientBroadcast> {
      const { broadcast, enabled } = await current();
      const showing = enabled && broadcast.trim() !== '';
      return { success: showing, broadcast: showing ? broadcast : '' };
    },

    async set(body: Body): Promise<WireClientBroadcastSetting> {
      if (typeof body.broadcast !== 'string') throw new AppError(400, 'The broadcast must be text.');
      if (typeof body.enabled !== 'boolean') throw new AppError(400, 'Say whether the broadcast is enabled.');
      const broadcast = body.broadcast.trim();
      if (broadcast.length > BROADCAST_MAX_LENGTH) {
        throw new AppError(400, `The broadcast can be at most ${BROADCAST_MAX_LENGTH} characters.`);
      }
      const setting = { broadcast, enabled: body.enabled };
      await settings.set(KEY, setting);
      return setting;
    },
  };
}

export type BroadcastService = ReturnType<typeof broadcastService>;
