/**
 * Turkish refusals of the money reader (src/shared/domain/money-input.ts), shared by the server and the
 * screens so a person reads the same sentence under the input and in a refused save. Every one names the
 * field ({field}); the typed text is never echoed back (it may be anything a client sends).
 */
export const moneyMessages = {
  empty: '{field} zorunludur',
  malformed: '{field} okunamadı: yalnızca rakam, nokta ve virgül kullanın (örn. 1.000 veya 1.234,56)',
  digits: '{field} yalnızca 0-9 rakamlarıyla yazılabilir',
  negative: '{field} eksi olamaz: tutarı artı yazın, yönünü işlem türü belirler',
  ambiguous:
    '{field} belirsiz: virgülden sonra üç hane hem binlik hem küsurat okunabilir; bin için 1.000 veya 1000, küsurat için 1,5 yazın',
  grouping:
    '{field} binlik ayırıcıları hatalı: basamaklar üçerli gruplanmalı (örn. 1.000.000 veya 1.000.000,50)',
  decimals: '{field} en fazla {decimals} ondalık hane alabilir',
  decimalsOfCurrency: '{field} {currency} için en fazla {decimals} ondalık hane alabilir',
  wholeNumber: '{field} küsuratsız bir tam sayı olmalı',
  zero: '{field} sıfırdan büyük olmalı',
  tooLarge: '{field} çok büyük: en fazla {digits} basamaklı bir tutar girin',

  // ---- Labels of the money fields the calls carry (named in the refusals) ----
  amountLabel: 'Tutar',
  bankAmountLabel: 'Banka tutarı',
  platformAmountLabel: 'Platform tutarı',
  priceLabel: 'Fiyat',
} as const;
