import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';
import { CHAT_PATH } from './chat-paths';

// What other parts of the app may use of the chat feature: its addresses.
export { CHAT_PATH, chatChannelPath } from './chat-paths';

// /chat and one channel's messages (/chat/ch/{id}) are one screen; the menu's url 'chat' names it.
export const chatFeature: FeatureRoutes = {
  shell: [
    {
      path: 'chat',
      lazy: lazyScreen(
        () => import('./ChatPage'),
        (m) => m.ChatPage,
      ),
    },
    {
      path: 'chat/ch/:channelId',
      lazy: lazyScreen(
        () => import('./ChatPage'),
        (m) => m.ChatPage,
      ),
    },
  ],
  namedRoutes: { chat: () => CHAT_PATH },
};
