/** Presence in the studios on the console's API client (server/contract/editing-presence.ts). */
import type { BuilderApi } from '../../../../builder/index.ts';
import type { EditingPresence } from '../../../../server/contract/editing-presence.ts';
import type { ApiClient } from '../../../lib/api/client.ts';
import type { StoreLanguages } from '../../../../renderers/contract/index.ts';

/** `onLanguages`: the store's languages each heartbeat answers (the studio follows a change made in another tab or by another staff member). */
export function editingPresenceApi(api: ApiClient, onLanguages?: (languages: StoreLanguages) => void): Required<Pick<BuilderApi, 'editing' | 'stopEditing'>> {
  return {
    editing: async (studio) => {
      const { editors, languages } = await api.post<EditingPresence>(`/onsite-display/presence/${studio}`);
      onLanguages?.(languages);
      return editors.map((editor) => ({ name: editor.name, email: editor.email, sameUser: editor.same_user }));
    },
    stopEditing: async (studio) => {
      await api.post(`/onsite-display/presence/${studio}/leave`);
    },
  };
}
