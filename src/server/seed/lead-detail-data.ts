import { sql, type Kysely } from 'kysely';
import type { SurveyQuestion } from '../../shared/contract/surveys';
import type { TemplateTask } from '../../shared/contract/tasks';
import type { Database } from '../db/schema';

/**
 * Starting content of the lead detail's e-mail templates (option list 128), task templates and the demo
 * survey. Placeholders in subjects and bodies: {name} (the lead), {agent} (the sender); see email-service.ts.
 */
export const EMAIL_TEMPLATES: readonly { name: string; subject: string; body: string }[] = [
  {
    name: 'Hoş Geldiniz',
    subject: 'Hoş geldiniz, {name}',
    body: [
      'Sayın {name},',
      '',
      'Bize gösterdiğiniz ilgi için teşekkür ederiz. Müşteri temsilciniz {agent} en kısa sürede sizinle',
      'iletişime geçecek; sorularınızı bu e-postayı yanıtlayarak da iletebilirsiniz.',
      '',
      'Saygılarımızla',
    ].join('\n'),
  },
  {
    name: 'Size Ulaşamadık',
    subject: '{name}, size ulaşmaya çalıştık',
    body: [
      'Sayın {name},',
      '',
      'Bugün sizi telefonla aradık ancak ulaşamadık. Size uygun bir zamanı bu e-postayı yanıtlayarak',
      'bildirirseniz temsilciniz {agent} sizi o saatte arayacaktır.',
      '',
      'Saygılarımızla',
    ].join('\n'),
  },
  {
    name: 'Hesabınız Açıldı',
    subject: 'Hesabınız açıldı',
    body: [
      'Sayın {name},',
      '',
      'İşlem hesabınız başarıyla açılmıştır. Giriş bilgileriniz ayrı bir e-posta ile gönderilecektir.',
      'Her türlü sorunuz için temsilciniz {agent} ile görüşebilirsiniz.',
      '',
      'Saygılarımızla',
    ].join('\n'),
  },
  {
    name: 'Belge Talebi',
    subject: 'Eksik belgeleriniz hakkında',
    body: [
      'Sayın {name},',
      '',
      'Hesap işlemlerinizin tamamlanabilmesi için kimlik belgenizin ön ve arka yüzünü ve güncel bir adres',
      'belgesini (fatura veya ikametgâh) göndermenizi rica ederiz.',
      '',
      'Saygılarımızla',
    ].join('\n'),
  },
  {
    name: 'Yatırım Hatırlatma',
    subject: 'Yatırım talimatınız hakkında hatırlatma',
    body: [
      'Sayın {name},',
      '',
      'Görüşmemizde konuştuğumuz yatırım talimatınızı henüz almadık. Ödeme bilgileri için temsilciniz',
      '{agent} ile iletişime geçebilirsiniz.',
      '',
      'Saygılarımızla',
    ].join('\n'),
  },
];

export const TASK_TEMPLATES: readonly { name: string; tasks: readonly TemplateTask[] }[] = [
  {
    name: 'Yeni Müşteri Karşılama',
    tasks: [
      { title: 'Tanışma araması yap', description: 'Kendini tanıt, ihtiyaçlarını ve deneyimini öğren.' },
      { title: 'Hoş geldiniz e-postası gönder' },
      {
        title: 'Hesap açılış belgelerini topla',
        subtasks: [{ title: 'Kimlik fotokopisi' }, { title: 'Adres belgesi' }],
      },
    ],
  },
  {
    name: 'İlk Yatırım Takibi',
    tasks: [
      { title: 'Yatırım yöntemini belirle', description: 'Havale, kredi kartı veya kripto cüzdan.' },
      { title: 'Ödeme bilgilerini ilet' },
      { title: 'Yatırımın hesaba geçtiğini teyit et' },
    ],
  },
  {
    name: 'Ulaşılamayan Kayıt',
    tasks: [
      { title: 'Farklı saatte tekrar ara' },
      { title: '"Size Ulaşamadık" e-postası gönder' },
      { title: 'WhatsApp mesajı bırak' },
    ],
  },
];

export const DEMO_SURVEY: { name: string; data: readonly SurveyQuestion[] } = {
  name: 'Yatırımcı Profili',
  data: [
    { text: 'Daha önce yatırım yaptınız mı?', type: 'Evet/Hayır', answers: ['evet', 'hayır'] },
    {
      text: 'Yatırım deneyiminiz',
      type: 'Seçenek',
      answers: ['Yok', '1 yıldan az', '1-3 yıl', '3 yıldan fazla'],
    },
    {
      text: 'İlgilendiğiniz piyasalar',
      type: 'ÇokluSeçenek',
      answers: ['Forex', 'Emtia', 'Endeksler', 'Kripto', 'Hisse senetleri'],
    },
    { text: 'Yatırım hedefinizi kısaca anlatır mısınız?', type: 'Girdi', answers: [] },
  ],
};

async function isEmpty(
  trx: Kysely<Database>,
  table: 'email_templates' | 'tasks_templates' | 'questions',
): Promise<boolean> {
  const { rows } = await sql<{
    found: boolean;
  }>`select exists (select 1 from ${sql.table(table)}) as found`.execute(trx);
  return rows[0]?.found !== true;
}

/** E-mail and task templates, each only into an empty table (an admin's edits are never overwritten). */
export async function seedLeadDetailTemplates(
  trx: Kysely<Database>,
): Promise<('email_templates' | 'tasks_templates')[]> {
  const seeded: ('email_templates' | 'tasks_templates')[] = [];
  if (await isEmpty(trx, 'email_templates')) {
    await trx
      .insertInto('email_templates')
      .values(EMAIL_TEMPLATES.map((t) => ({ ...t })))
      .execute();
    seeded.push('email_templates');
  } else {
    // Templates carried over from option values by migration 004 have no body yet: fill the ones we know.
    for (const template of EMAIL_TEMPLATES) {
      await trx
        .updateTable('email_templates')
        .set({ subject: template.subject, body: template.body })
        .where('name', '=', template.name)
        .where('body', '=', '')
        .execute();
    }
  }
  if (await isEmpty(trx, 'tasks_templates')) {
    await trx
      .insertInto('tasks_templates')
      .values(TASK_TEMPLATES.map((t) => ({ name: t.name, tasks: JSON.stringify(t.tasks) })))
      .execute();
    seeded.push('tasks_templates');
  }
  return seeded;
}

/** The demo survey, only when no survey exists yet. */
export async function seedDemoSurvey(trx: Kysely<Database>): Promise<boolean> {
  if (!(await isEmpty(trx, 'questions'))) return false;
  await trx
    .insertInto('questions')
    .values({ name: DEMO_SURVEY.name, data: JSON.stringify(DEMO_SURVEY.data) })
    .execute();
  return true;
}
