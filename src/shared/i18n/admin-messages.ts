/**
 * Texts of the admin calls (see docs/admin-guide.md): the permission editor's save, users and groups, Reset Cache. The
 * server answers with them and the renderer shows them; the spec fixes only the save's success text
 * (messages.saveSuccess: 'İşlem başarıyla kaydedildi').
 */
export const adminMessages = {
  /** Every admin call outside the admin department (see docs/requirements.md#shell-lists-and-chat /admin). */
  adminOnly: 'Bu işlem yalnızca yöneticiler içindir',
  groupNotFound: 'Böyle bir kullanıcı grubu yok',
  teamNotFound: 'Böyle bir takım yok',
  userNotFound: 'Böyle bir kullanıcı yok',
  unknownTable: 'Bilinmeyen tablo: {table}',
  unknownField: '{table} tablosunda bilinmeyen alan: {field}',
  unknownAction: 'Bilinmeyen yetki: {action}',
  unknownModule: 'Bilinmeyen modül: {module}',
  /** The parser's own message, prefixed with the table it belongs to. */
  restrictionRefused: '{table}: {message}',
  previewCount: 'Bu kısıtlamayla grubun {users} kullanıcısı birlikte {count} kayıt görür',
  previewNoUsers: 'Bu grupta aktif kullanıcı yok; önizleme yapılamadı',
  cacheCleared: 'Önbellek temizlendi; açık ekranlar listeleri ve menüleri yeniden yükleyecek',
  userCreated: 'Kullanıcı oluşturuldu',
  emailTaken: 'Bu e-posta adresiyle bir kullanıcı zaten var',
  alreadyActive: 'Kullanıcı zaten aktif',
  alreadyInactive: 'Kullanıcı zaten pasif',
  notYourself: 'Kendi hesabınızı pasif yapamazsınız',
  userActivated: 'Kullanıcı aktif edildi',
  userDeactivated: 'Kullanıcı pasif yapıldı; tüm oturumları kapatıldı',
  passwordReset: 'Şifre sıfırlandı; kullanıcı ilk girişte şifresini değiştirecek',
  teamChanged: 'Kullanıcının takımı değiştirildi',
  sameTeam: 'Kullanıcı zaten bu takımda',
  /** Every call but the password change, while an admin-set password is still in use. */
  nameRequired: 'Ad Soyad zorunludur',
  emailInvalid: 'Geçerli bir e-posta adresi girin',
  departmentInvalid: 'Geçerli bir departman seçin',
  passwordChangeRequired: 'Devam etmeden önce şifrenizi değiştirmeniz gerekiyor',
} as const;
