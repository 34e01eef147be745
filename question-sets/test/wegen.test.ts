import { describe, expect, it } from 'vitest';
import { ASSET, PLACE, evaluate, noticeText, noticeType, pick, requiredKeys, ticks } from './support.ts';

const DAMAGE = ['verkeerslicht_scheef', 'verkeerslicht_op_grond', 'lamp_hangt_los', 'losse_kabels_zichtbaar', 'deurtje_weg_of_open'];
const PROBLEMS = ['extra_verkeerslicht_probleem_voetganger', 'extra_verkeerslicht_probleem_fiets_auto', 'extra_verkeerslicht_probleem_bus_tram'];
const visibleProblems = (keys: string[]) => keys.filter((k) => PROBLEMS.includes(k));

describe('wegen: verkeerslicht', () => {
  it('requires which light it is', () => {
    const ev = evaluate('verkeerslicht');
    expect(requiredKeys(ev)).toContain('extra_verkeerslicht_welk');
    expect(ev.visibleKeys).not.toContain('extra_verkeerslicht');
  });

  it('requires the damage question once a kind of light is chosen, not for niet_van_toepassing', () => {
    expect(requiredKeys(evaluate('verkeerslicht', { extra_verkeerslicht_welk: pick('fiets') }))).toContain('extra_verkeerslicht');
    expect(evaluate('verkeerslicht', { extra_verkeerslicht_welk: pick('niet_van_toepassing') }).visibleKeys)
      .not.toContain('extra_verkeerslicht');
  });

  it.each(DAMAGE)('shows the danger alert with the phone number for damage %s, without blocking', (damage) => {
    const ev = evaluate('verkeerslicht', { extra_verkeerslicht_welk: pick('auto'), extra_verkeerslicht: pick(damage) });
    expect(noticeType(ev, 'extra_verkeerslicht_gevaar')).toBe('alert');
    expect(noticeText(ev, 'extra_verkeerslicht_gevaar')).toContain('{phone}');
    expect(ev.blocked).toBe(false);
    expect(visibleProblems(ev.visibleKeys)).toEqual([]);
  });

  it.each([
    ['voetganger', 'extra_verkeerslicht_probleem_voetganger'],
    ['fiets', 'extra_verkeerslicht_probleem_fiets_auto'],
    ['auto', 'extra_verkeerslicht_probleem_fiets_auto'],
    ['tram_bus', 'extra_verkeerslicht_probleem_bus_tram'],
  ])('without damage, requires the %s problem checkboxes and offers the number', (welk, key) => {
    const ev = evaluate('verkeerslicht', { extra_verkeerslicht_welk: pick(welk), extra_verkeerslicht: pick('geen_beschadigingen') });
    expect(visibleProblems(ev.visibleKeys)).toEqual([key]);
    expect(requiredKeys(ev)).toContain(key);
    expect(ev.visibleKeys).toContain('extra_verkeerslicht_nummer');
    expect(ev.visibleKeys).not.toContain('extra_verkeerslicht_gevaar');
  });

  it('advances with a ticked problem and a valid number, and rejects letters in the number', () => {
    const base = {
      locatie: PLACE, extra_verkeerslicht_welk: pick('voetganger'), extra_verkeerslicht: pick('geen_beschadigingen'),
      extra_verkeerslicht_probleem_voetganger: ticks('blindentikker_werkt_niet'),
    };
    expect(evaluate('verkeerslicht', { ...base, extra_verkeerslicht_nummer: ['12.4', '7'] }).canAdvance).toBe(true);
    expect(evaluate('verkeerslicht', { ...base, extra_verkeerslicht_nummer: ['12a'] }).canAdvance).toBe(false);
  });

  it('accepts at most 15 characters per traffic-light number', () => {
    const base = {
      locatie: PLACE, extra_verkeerslicht_welk: pick('auto'), extra_verkeerslicht: pick('geen_beschadigingen'),
      extra_verkeerslicht_probleem_fiets_auto: ticks('oranje_werkt_niet'),
    };
    expect(evaluate('verkeerslicht', { ...base, extra_verkeerslicht_nummer: ['123456789012345'] }).canAdvance).toBe(true);
    const long = evaluate('verkeerslicht', { ...base, extra_verkeerslicht_nummer: ['1234567890123456'] });
    expect(long.errors.extra_verkeerslicht_nummer).toBe('Vul per nummer maximaal 15 tekens in');
    expect(long.canAdvance).toBe(false);
  });
});

describe('wegen: fietsrek, gladheid and the date', () => {
  it('requires whether a new bike rack is asked, and explains the request on ja', () => {
    expect(requiredKeys(evaluate('fietsrek-nietje'))).toContain('extra_fietsrek_aanvragen');
    expect(noticeType(evaluate('fietsrek-nietje', { extra_fietsrek_aanvragen: pick('ja') }), 'extra_fietsrek_aanvraag')).toBe('info');
    expect(evaluate('fietsrek-nietje', { extra_fietsrek_aanvragen: pick('nee') }).visibleKeys).not.toContain('extra_fietsrek_aanvraag');
  });

  it('asks where it is slippery and shows the gritting caution for gladheid', () => {
    const ev = evaluate('gladheid');
    expect(ev.visibleKeys).toContain('extra_onderhoud_stoep_straat_en_fietspad');
    expect(noticeType(ev, 'extra_wegen_gladheid')).toBe('caution');
    expect(evaluate('straatmeubilair').visibleKeys).not.toContain('extra_onderhoud_stoep_straat_en_fietspad');
  });

  it("offers the optional 'Wanneer was het?' for a broken traffic light", () => {
    const ev = evaluate('verkeerslicht');
    const date = ev.visible.find((q) => q.key === 'dateTime');
    expect(date?.question.meta.label).toBe('Wanneer was het?');
    expect(date?.required).toBe(false);
  });

  it('requires the date and time for traffic nuisance', () => {
    const ev = evaluate('verkeersoverlast', { locatie: PLACE });
    expect(requiredKeys(ev)).toContain('dateTime');
    expect(ev.canAdvance).toBe(false);
    expect(evaluate('verkeersoverlast', { locatie: PLACE, dateTime: 'now' }).canAdvance).toBe(true);
  });
});

describe('wegen: straatverlichting', () => {
  it('selects a lichtpunt on the streetlight layer with the spec object types and the reported status', () => {
    const ev = evaluate('lantaarnpaal-straatverlichting');
    const q = ev.visible.find((v) => v.key === 'extra_straatverlichting_nummer');
    expect(q?.fieldType).toBe('streetlight_select');
    expect(q?.question.meta.endpoint).toBe('streetlights');
    expect(q?.question.meta.featureTypes?.map((f) => [f.typeValue, f.label])).toEqual([
      ['5', 'Grachtmast'], ['2', 'Overspanning'], ['3', 'Gevelarmatuur'], ['10', 'Schijnwerper'], ['4', 'Overig lichtpunt'],
      ['not-on-map', 'Onbekend'],
    ]);
    expect(q?.question.meta.featureStatusTypes?.[0]).toMatchObject({ statusField: 'meldingstatus', statusValues: [1] });
    expect(ev.visibleKeys).not.toContain('locatie');
  });

  it('requires the problem; the danger question only for not working, damaged or other', () => {
    const ev = evaluate('lantaarnpaal-straatverlichting');
    expect(requiredKeys(ev)).toEqual(expect.arrayContaining(['extra_straatverlichting_nummer', 'extra_straatverlichting_probleem']));
    for (const problem of ['lamp_doet_het_niet', 'lamp_is_zichtbaar_beschadigd', 'overig']) {
      expect(requiredKeys(evaluate('lantaarnpaal-straatverlichting', { extra_straatverlichting_probleem: pick(problem) })))
        .toContain('extra_straatverlichting');
    }
    for (const problem of ['lamp_brandt_overdag', 'geeft_lichthinder']) {
      expect(evaluate('lantaarnpaal-straatverlichting', { extra_straatverlichting_probleem: pick(problem) }).visibleKeys)
        .not.toContain('extra_straatverlichting');
    }
  });

  it('alerts to phone the configured number when the streetlight is dangerous', () => {
    const danger = evaluate('lantaarnpaal-straatverlichting', {
      extra_straatverlichting_nummer: ASSET, extra_straatverlichting_probleem: pick('lamp_doet_het_niet'),
      extra_straatverlichting: pick('losse_kabels_zichtbaar_of_lamp_los'),
    });
    expect(noticeText(danger, 'extra_straatverlichting_gevaar')).toContain('{phone}');
    expect(danger.canAdvance).toBe(true);
    const safe = evaluate('lantaarnpaal-straatverlichting', {
      extra_straatverlichting_probleem: pick('lamp_doet_het_niet'), extra_straatverlichting: pick('niet_bijzonder'),
    });
    expect(safe.visibleKeys).not.toContain('extra_straatverlichting_gevaar');
  });

  it('cannot advance without a chosen lamp or place', () => {
    const ev = evaluate('lantaarnpaal-straatverlichting', {
      extra_straatverlichting_probleem: pick('lamp_brandt_overdag'),
    });
    expect(ev.errors.extra_straatverlichting_nummer).toBe('Kies een locatie of een lichtpunt op de kaart of vul een adres in');
    expect(ev.canAdvance).toBe(false);
  });
});

describe('wegen: klok', () => {
  it('selects a klok on the clock layer and requires danger and problem', () => {
    const ev = evaluate('klok');
    expect(ev.visible.find((q) => q.key === 'extra_klok_nummer')?.fieldType).toBe('clock_select');
    expect(requiredKeys(ev)).toEqual(expect.arrayContaining(['extra_klok_nummer', 'extra_klok', 'extra_klok_probleem']));
    expect(ev.visibleKeys).not.toContain('extra_straatverlichting_probleem');
    expect(ev.errors.extra_klok_nummer).toBe('Kies een locatie of een klok op de kaart of vul een adres in');
    expect(ev.errors.extra_klok).toBe('Dit veld is verplicht');
    expect(ev.errors.extra_klok_probleem).toBe('Dit veld is verplicht');
  });

  it('alerts when the clock is dangerous and asks to explain an other problem', () => {
    const ev = evaluate('klok', { extra_klok: pick('klok_op_grond_of_scheef'), extra_klok_probleem: pick('overig') });
    expect(noticeType(ev, 'extra_klok_gevaar')).toBe('alert');
    expect(ev.visibleKeys).toContain('extra_klok_toelichting_overig');
    expect(evaluate('klok', { extra_klok: pick('niet_gevaarlijk') }).visibleKeys).not.toContain('extra_klok_gevaar');
  });

  it('advances with a clock, its danger and its problem', () => {
    const ev = evaluate('klok', { extra_klok_nummer: ASSET, extra_klok: pick('niet_gevaarlijk'), extra_klok_probleem: pick('klok_staat_stil_op_12_uur') });
    expect(ev.canAdvance).toBe(true);
  });
});
