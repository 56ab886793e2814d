/** The chat screen's addresses: /chat, /chat/ch/{channelId} (see docs/requirements.md#shell-lists-and-chat), and a new direct conversation. */
export const CHAT_PATH = '/chat';
/** The chat entry of the menu (crm_tables.table_name, url 'chat'). */
export const CHAT_TABLE = 'chat';
/** The query parameter naming the colleague of a conversation that has no message (and no channel) yet. */
export const DIRECT_USER_PARAM = 'kisi';

export function chatChannelPath(channelId: number): string {
  return `${CHAT_PATH}/ch/${channelId}`;
}

export function newDirectPath(userId: number): string {
  return `${CHAT_PATH}?${DIRECT_USER_PARAM}=${userId}`;
}

/** A positive integer id from a route or query parameter, else null. */
export function idParam(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
