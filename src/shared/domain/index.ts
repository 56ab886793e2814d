/** Pure domain rules shared by the server, the Electron main process and the renderer. */
export * from './constants';
export * from './date-ranges';
export * from './decimal';
export * from './money-input';
export * from './filters';
export * from './password-policy';
export * from './phone';
export * from './reminders';
export * from './tc';
export * from './turkish-fold';
export * from './platforms';
export * from './chat-mentions';
export * from './hook-rules';
export * from './bid-total';
export * from './document-file';
export * from './elapsed';
export * from './unread-notifications';
