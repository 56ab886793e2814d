import { describe, it, expect } from 'vitest';
import { format, messages } from '../../../src/shared/i18n/messages';

/** Texts quoted in the specs; they must appear verbatim, typos included. */
const SPEC_TEXTS = [
  'Silinen kayıt geri getirelemez eminmisiniz ?',
  'Güncellenecek alanların ikiside aynı olmamalı',
  'Hatalı Giriş',
  'Crm erişim sorunu',
  'Giriş yap',
  'Yükleniyor',
  'Kayıt Bulunamadı',
  'Kriterlerinize uyan bir kayıt bulunamadı',
  'Toplam Kayıt',
  'Menü',
  'Raporlar',
  'Favoriler',
  'Yaklaşan 10 Hatırlatma',
  'Sonuç bulunamadı',
  'Değer girin',
  'Ekle',
  'Lütfen bekleyin',
  'Dosyalar hazırlanıyor',
  'Dosya oluşturulamadı veya dosya yok.',
  'İşlem başarısız, yaptığınız işlemi tekrar kontrol ediniz',
  'İşlem başarıyla kaydedildi',
  'Not içeriği zorunludur',
  'Not başarıyla kaydedildi',
  'Telefon Araması Planlandı',
  'Geçersiz IBAN numarası',
  'Tebrikler 1 müşteri daha kazandınız',
  'Bu işlem geri alınamaz, bu başvuruyu müşteri yapmak istediğinize eminmisiniz ?',
  'Güncelleme başarılı',
  'Şifreniz güncellenemedi',
  'Dahiliniz güncellenmiştir',
  'Telegram id güncellenmiştir',
  'Şifreniz güncellenmiştir',
  'Tamamla',
  'Tamamlandı',
  'Gecikmiş',
  'Platform Girişi',
  'Rapor oluşturulamadı',
  'Rapor silinecek eminmisiniz ?',
  'Tanımlı platform bulunamadı',
  'Kredi Kartı ödemesi bekleniyor',
  'Profil',
  'Yönetim Paneli',
  'Şifre',
  'Etkinliklerim',
  'Detay',
  'Bana Hatırlat',
  'Para Yatırma/Çekme',
  'Görevler',
  'GÖREVLER',
  'TAMAMLANMIŞ GÖREVLER',
  'Utm Raporu',
  'İsim Soyisim',
  'Girdi',
  'Seçenek',
  'ÇokluSeçenek',
  'Evet/Hayır',
  'Hesap Yönetimi',
  'Satış süreci özelleştirme',
  'Reset Cache',
  'Raporu Güncelle',
  'Chart ekle',
  'Raporu sil',
  'Hata',
  'Başarılı',
  'Yükleme/Çekim yapılırken hata oluştu girdiğiniz bilgileri kontrol ediniz',
  '({n}) tane kayıt başarılı olarak yüklendi',
  'Açıklama kaydedildi',
  'Düzenle',
  'Sil',
  'Excel Yükle',
  'Alış',
  'Satış',
  'Alış Limit',
  'Satış Limit',
  'YATIRIM',
  'ÇEKİM',
];

describe('messages', () => {
  const values: string[] = Object.values(messages);

  it('holds every quoted spec text verbatim', () => {
    const missing = SPEC_TEXTS.filter((text) => !values.includes(text));
    expect(missing).toEqual([]);
  });

  it('keeps the product texts the server and client use', () => {
    expect(messages.crmAccessProblem).toBe('Crm erişim sorunu');
    expect(messages.invalidCredentials).toBe('E-posta veya şifre hatalı');
    expect(messages.recordNotFound).toBe('Böyle bir kayıt yok veya görmeye yetkiniz yok');
    expect(messages.tableNotFound).toBe('Böyle bir tablo yok veya görme yetkiniz yok');
    expect(messages.invalidField).toBe('Geçersiz alan: {field}');
    expect(messages.welcome).toBe('Hoş geldin, {name}');
  });

  it('has no empty texts', () => {
    for (const value of values) expect(value.trim()).not.toBe('');
  });
});

describe('format', () => {
  it('fills placeholders', () => {
    expect(format(messages.welcome, { name: 'Ayşe' })).toBe('Hoş geldin, Ayşe');
    expect(format(messages.totalRecordsCount, { total: 1250 })).toBe('Toplam Kayıt: 1250');
    expect(format(messages.importedCount, { n: 3 })).toBe('(3) tane kayıt başarılı olarak yüklendi');
    expect(format(messages.operationFailedWithMessage, { message: 'x' })).toBe(
      'İşlem başarısız, yaptığınız işlemi tekrar kontrol ediniz (x)',
    );
  });

  it('replaces every occurrence and leaves unknown placeholders visible', () => {
    const template: string = '{a}-{a}-{b}';
    expect(format(template, { a: 1 })).toBe('1-1-{b}');
  });

  it('does not read inherited properties', () => {
    const template: string = '{toString}';
    expect(format(template, {})).toBe('{toString}');
  });

  it('checks placeholder names at compile time', () => {
    // @ts-expect-error -- welcome needs {name}
    expect(format(messages.welcome, { user: 'x' })).toBe('Hoş geldin, {name}');
    expect(format(messages.noRecords, {})).toBe('Kayıt Bulunamadı');
  });
});
