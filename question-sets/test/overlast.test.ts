import { describe, expect, it } from 'vitest';
import { PLACE, evaluate, noticeText, noticeType, pick, requiredKeys, ticks } from './support.ts';

const HORECA = [
  'geluidsoverlast-muziek', 'geluidsoverlast-installaties', 'overlast-terrassen', 'overlast-door-bezoekers-niet-op-terras',
  'overlast-evenementen', 'stankoverlast', 'overlast-bedrijven-en-horeca-overig',
];

describe('overlast bedrijven en horeca', () => {
  it.each(HORECA)('requires the date and time for %s', (sub) => {
    const ev = evaluate(sub);
    expect(requiredKeys(ev)).toContain('dateTime');
    expect(ev.visible.find((q) => q.key === 'dateTime')?.question.meta.label).not.toBe('Wanneer was het?');
  });

  it('requires the number of persons only for visitors outside a terrace', () => {
    expect(requiredKeys(evaluate('overlast-door-bezoekers-niet-op-terras'))).toContain('extra_personen_overig');
    expect(evaluate('overlast-terrassen').visibleKeys).not.toContain('extra_personen_overig');
  });

  it('asks what visitors do as optional checkboxes for visitors outside a terrace', () => {
    const ev = evaluate('overlast-door-bezoekers-niet-op-terras');
    const q = ev.visible.find((v) => v.key === 'extra_bedrijven_horeca_personen');
    expect(q?.fieldType).toBe('checkbox_input');
    expect(q?.required).toBe(false);
    expect(Object.keys(q?.question.meta.values ?? {})).toEqual([
      'dronken_bezoekers', 'schreeuwende_bezoekers', 'rokende_bezoekers', 'teveel_fietsen', 'wildplassen', 'overgeven',
    ]);
  });

  it('requires the moment only when the nuisance happens more often', () => {
    const once = evaluate('stankoverlast', { extra_bedrijven_horeca_frequentie: pick('nee') });
    expect(once.visibleKeys).not.toContain('extra_bedrijven_horeca_moment');
    const often = evaluate('stankoverlast', { extra_bedrijven_horeca_frequentie: pick('ja') });
    expect(requiredKeys(often)).toContain('extra_bedrijven_horeca_moment');
    expect(often.errors.extra_bedrijven_horeca_moment).toBe('Dit is een verplicht veld');
  });

  it('requires what causes the nuisance, and asks the business name for a business', () => {
    expect(requiredKeys(evaluate('geluidsoverlast-installaties'))).toContain('extra_bedrijven_horeca_wat');
    for (const wat of ['horecabedrijf', 'ander_soort_bedrijf']) {
      expect(evaluate('stankoverlast', { extra_bedrijven_horeca_wat: pick(wat) }).visibleKeys)
        .toContain('extra_bedrijven_horeca_naam_bedrijf');
    }
    const other = evaluate('stankoverlast', { extra_bedrijven_horeca_wat: pick('iets_anders') });
    expect(other.visibleKeys).toContain('extra_bedrijven_horeca_wie_of_wat');
    expect(other.visibleKeys).not.toContain('extra_bedrijven_horeca_naam_bedrijf');
  });

  it('asks the event name for an event answer or the event subcategory', () => {
    expect(evaluate('overlast-evenementen').visibleKeys).toContain('extra_bedrijven_horeca_naam_evenemet');
    expect(evaluate('geluidsoverlast-muziek', { extra_bedrijven_horeca_wat: pick('evenement_festival_markt') }).visibleKeys)
      .toContain('extra_bedrijven_horeca_naam_evenemet');
  });

  it('asks about living next to a music business and its windows only for a hospitality business', () => {
    const horeca = evaluate('geluidsoverlast-muziek', { extra_bedrijven_horeca_wat: pick('horecabedrijf') });
    expect(horeca.visibleKeys).toEqual(expect.arrayContaining([
      'extra_bedrijven_horeca_muziek_direct_naast', 'extra_bedrijven_horeca_muziek_ramen_dicht_onderneming',
    ]));
    const shop = evaluate('geluidsoverlast-muziek', { extra_bedrijven_horeca_wat: pick('ander_soort_bedrijf') });
    expect(shop.visibleKeys).toContain('extra_bedrijven_horeca_muziek_direct_naast');
    expect(shop.visibleKeys).not.toContain('extra_bedrijven_horeca_muziek_ramen_dicht_onderneming');
  });

  it('requires whether the music is from the event, for events and for music from an event', () => {
    expect(requiredKeys(evaluate('overlast-evenementen'))).toContain('extra_bedrijven_horeca_muziek_evenement');
    const music = evaluate('geluidsoverlast-muziek', { extra_bedrijven_horeca_wat: pick('evenement_festival_markt') });
    expect(requiredKeys(music)).toContain('extra_bedrijven_horeca_muziek_evenement');
    expect(evaluate('geluidsoverlast-muziek', { extra_bedrijven_horeca_wat: pick('horecabedrijf') }).visibleKeys)
      .not.toContain('extra_bedrijven_horeca_muziek_evenement');
  });

  it('asks about smell with closed windows for stankoverlast only', () => {
    expect(evaluate('stankoverlast').visibleKeys).toContain('extra_bedrijven_horeca_stank_ramen');
    expect(evaluate('overlast-terrassen').visibleKeys).not.toContain('extra_bedrijven_horeca_stank_ramen');
  });

  it.each(['stankoverlast', 'overlast-terrassen', 'geluidsoverlast-installaties', 'overlast-bedrijven-en-horeca-overig'])(
    'requires permission to forward %s to the business and says contact details stay with the municipality',
    (sub) => {
      const ev = evaluate(sub);
      expect(requiredKeys(ev)).toContain('extra_bedrijven_horeca_doorsturen_melding');
      expect(noticeType(ev, 'extra_bedrijven_horeca_caution')).toBe('info');
      expect(noticeText(ev, 'extra_bedrijven_horeca_caution')).toMatch(/niet mee naar het bedrijf/);
    },
  );

  it('asks to forward music nuisance only when a business causes it', () => {
    const business = evaluate('geluidsoverlast-muziek', { extra_bedrijven_horeca_wat: pick('horecabedrijf') });
    expect(requiredKeys(business)).toContain('extra_bedrijven_horeca_doorsturen_melding');
    expect(business.visibleKeys).toContain('extra_bedrijven_horeca_caution');
    const event = evaluate('geluidsoverlast-muziek', { extra_bedrijven_horeca_wat: pick('evenement_festival_markt') });
    expect(event.visibleKeys).not.toContain('extra_bedrijven_horeca_doorsturen_melding');
  });

  it('matches checkbox answers by ticked id (visitors doing several things stays valid)', () => {
    const ev = evaluate('overlast-door-bezoekers-niet-op-terras', {
      extra_bedrijven_horeca_personen: ticks('wildplassen', 'overgeven'),
    });
    expect(ev.errors.extra_bedrijven_horeca_personen).toBeUndefined();
  });

  it('advances when every required question of a terrace report is answered', () => {
    const ev = evaluate('overlast-terrassen', {
      locatie: PLACE, dateTime: 'now', extra_bedrijven_horeca_wat: pick('horecabedrijf'),
      extra_bedrijven_horeca_doorsturen_melding: pick('nee'),
    });
    expect(ev.errors).toEqual({});
    expect(ev.canAdvance).toBe(true);
  });
});

describe('overlast in de openbare ruimte', () => {
  it('requires the date and time and asks which vehicle parks wrongly', () => {
    const ev = evaluate('parkeeroverlast');
    expect(requiredKeys(ev)).toContain('dateTime');
    expect(ev.visibleKeys).toContain('extra_parkeeroverlast');
    expect(evaluate('hondenpoep').visibleKeys).not.toContain('extra_parkeeroverlast');
  });

  it('asks what the bicycle wreck looks like, without a date', () => {
    const ev = evaluate('fietswrak', { locatie: PLACE });
    expect(ev.visibleKeys).toEqual(['locatie', 'extra_fietswrak']);
    expect(ev.canAdvance).toBe(true);
  });
});

describe('overlast van en door personen of groepen', () => {
  it('requires the date and time, whether it is dangerous and the number of persons', () => {
    const ev = evaluate('jongerenoverlast');
    expect(requiredKeys(ev)).toEqual(expect.arrayContaining(['dateTime', 'extra_personen_gevaar', 'extra_personen_overig']));
    expect(Object.keys(ev.visible.find((q) => q.key === 'extra_personen_overig')?.question.meta.values ?? {}))
      .toEqual(['1-3', '4-6', '7_of_meer', 'onbekend']);
  });

  it('tells to phone the configured number in a dangerous situation, without blocking', () => {
    const ev = evaluate('loslopende-agressieve-honden', {
      locatie: PLACE, dateTime: 'now', extra_personen_gevaar: pick('ja'), extra_personen_overig: pick('1-3'),
    });
    expect(noticeType(ev, 'extra_personen_gevaar_alert')).toBe('alert');
    expect(noticeText(ev, 'extra_personen_gevaar_alert')).toContain('{phone}');
    expect(ev.blocked).toBe(false);
    expect(ev.canAdvance).toBe(true);
  });

  it('asks about drug sales for drink and drug nuisance and directs sales to the police', () => {
    expect(requiredKeys(evaluate('drank-en-drugsoverlast'))).toContain('extra_drugs_verkoop');
    expect(evaluate('jongerenoverlast').visibleKeys).not.toContain('extra_drugs_verkoop');
    const ev = evaluate('drank-en-drugsoverlast', { extra_drugs_verkoop: pick('ja') });
    expect(noticeText(ev, 'extra_drugs_verkoop_ja')).toMatch(/politie/);
    expect(ev.blocked).toBe(false);
    expect(evaluate('drank-en-drugsoverlast', { extra_drugs_verkoop: pick('nee') }).visibleKeys).not.toContain('extra_drugs_verkoop_ja');
  });
});
