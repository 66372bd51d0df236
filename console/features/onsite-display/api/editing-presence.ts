/** Presence in the studios on the console's API client (server/contract/editing-presence.ts). */
import type { BuilderApi } from '../../../../builder/index.ts';
import type { EditingPresence } from '../../../../server/contract/editing-presence.ts';
import type { ApiClient } from '../../../lib/api/client.ts';

export function editingPresenceApi(api: ApiClient): Required<Pick<BuilderApi, 'editing' | 'stopEditing'>> {
  return {
    editing: async (studio) => {
      const { editors } = await api.post<EditingPresence>(`/onsite-display/presence/${studio}`);
      return editors.map((editor) => ({ name: editor.name, email: editor.email, sameUser: editor.same_user }));
    },
    stopEditing: async (studio) => {
      await api.post(`/onsite-display/presence/${studio}/leave`);
    },
  };
}
