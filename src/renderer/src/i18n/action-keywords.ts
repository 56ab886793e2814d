/** Words the shell's actions are found by (Turkish first, English too for users who type them). */
export const actionKeywords = {
  focusSearch: ['ara', 'arama', 'search', 'lead', 'müşteri'],
  goHome: ['ana sayfa', 'home', 'dashboard', 'takvim'],
  goBack: ['geri', 'back'],
  goProfile: ['profil', 'şifre', 'dahili', 'tema', 'profile', 'password', 'theme'],
  openNotifications: ['bildirim', 'hatırlatma', 'notification', 'reminder'],
} as const;
