import { createContext, useContext } from 'react';

/** The Sohbet entry's unread count, given by the shell (see use-chat-notices.tsx). */
export const ChatBadgeContext = createContext(0);

export const useChatBadge = (): number => useContext(ChatBadgeContext);
