import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { postReport, validReport } from './support.ts';

describe.each(DATABASE_TARGETS)('create with a questionnaire session on %s', (target) => {
  const t = useTestApp(target);

  async function session(values: { frozen?: boolean; submit_before?: Date | null; signal_uuid?: string | null; invalidated?: boolean }) {
    const db = t().app.db;
    const questionnaire = await db.insertInto('qa_questionnaire').values({ uuid: randomUUID(), name: 'Extra vragen', flow: 'EXTRA_PROPERTIES' }).returning('id').executeTakeFirstOrThrow();
    const question = await db
      .insertInto('qa_question')
      .values({ uuid: randomUUID(), questionnaire_id: questionnaire.id, position: 1, analysis_key: 'extra_kleur', label: 'Welke kleur?', short_label: 'Kleur', field_type: 'plain_text' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const uuid = randomUUID();
    const row = await db
      .insertInto('qa_session')
      .values({ uuid, questionnaire_id: questionnaire.id, frozen: values.frozen ?? false, submit_before: values.submit_before ?? null, signal_uuid: values.signal_uuid ?? null, invalidated: values.invalidated ?? false })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('qa_answer').values({ session_id: row.id, question_id: question.id, payload: JSON.stringify('groen') }).execute();
    return uuid;
  }

  it('appends the answers of a frozen session to extra_properties and links the session', async () => {
    const uuid = await session({ frozen: true, submit_before: new Date(Date.now() - 1000) });
    const { status, body } = await postReport(t().app, validReport({ session: uuid }));
    expect(status).toBe(201);
    const row = await t().app.db.selectFrom('signal').select('extra_properties').where('uuid', '=', body.signal_id).executeTakeFirstOrThrow();
    expect(row.extra_properties?.at(-1)).toEqual({ id: 'extra_kleur', label: 'Kleur', answer: 'groen' });
    const linked = await t().app.db.selectFrom('qa_session').select('signal_uuid').where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect(linked.signal_uuid).toBe(body.signal_id);
    const again = await postReport(t().app, validReport({ session: uuid }));
    expect(again.body).toEqual({ session: ['Session already used'] });
  });

  it('refuses an unknown, an open and an expired session in the contract order', async () => {
    expect((await postReport(t().app, validReport({ session: randomUUID() }))).body).toEqual({ session: ['Session matching query does not exist.'] });
    expect((await postReport(t().app, validReport({ session: await session({}) }))).body).toEqual({ session: ['Session not frozen'] });
    const expired = await session({ submit_before: new Date(Date.now() - 1000) });
    expect((await postReport(t().app, validReport({ session: expired }))).body).toEqual({ session: ['Session expired'] });
    expect((await postReport(t().app, validReport({ session: await session({ invalidated: true }) }))).body).toEqual({ session: ['Session expired'] });
  });
});
