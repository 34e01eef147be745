import { describe, expect, it } from 'vitest';
import { ASSET, PLACE, blockingKeys, evaluate, noticeType, pick, requiredKeys } from './support.ts';

const TREE_SUBS = ['bomen', 'boom-stormschade', 'boomziekten-en-plagen', 'boom-verzoek-inspectie'];
/** A street tree chosen on the map. */
const TREE = {
  selection: [{ id: '300012', type: 'Boom', description: 'Boom', label: 'Boom - 300012', coordinates: { lat: 52.372, lng: 4.893 } }],
  location: { coordinates: { lat: 52.372, lng: 4.893 } },
};
/** 'De boom staat niet op de kaart': a place, no tree. */
const TREE_NOT_ON_MAP = {
  selection: [{ id: '', type: 'not-on-map', description: 'De boom staat niet op de kaart', coordinates: { lat: 52.372, lng: 4.893 } }],
  location: { coordinates: { lat: 52.372, lng: 4.893 } },
};

const BOAT_NUISANCE = ['overlast-op-het-water-vaargedrag', 'overlast-op-het-water-snel-varen', 'overlast-op-het-water-geluid', 'overig-boten'];
const BOAT_KEYS = ['extra_boten_frequentie', 'extra_boten_beweging', 'extra_boten_soort', 'extra_boten_open_gesloten', 'extra_boten_meer'];

describe('overlast op het water', () => {
  it('asks whether a sunken boat floats, is moored and leaks, without date or boat-nuisance questions', () => {
    const ev = evaluate('overlast-op-het-water-gezonken-boot', { locatie: PLACE });
    expect(ev.visibleKeys).toEqual(['locatie', 'extra_boten_drijfkracht', 'extra_boten_vast', 'extra_boten_lekken']);
    expect(ev.canAdvance).toBe(true);
  });

  it.each(BOAT_NUISANCE)('requires date, frequency, boat kind and open/closed for %s', (sub) => {
    const ev = evaluate(sub);
    expect(ev.visibleKeys).toEqual(expect.arrayContaining(BOAT_KEYS));
    expect(requiredKeys(ev)).toEqual(expect.arrayContaining([
      'dateTime', 'extra_boten_frequentie', 'extra_boten_soort', 'extra_boten_open_gesloten',
    ]));
    expect(requiredKeys(ev)).not.toContain('extra_boten_beweging');
    expect(ev.visible.find((q) => q.key === 'extra_boten_soort')?.fieldType).toBe('select_input');
  });

  it('requires the moment only when it happens more often', () => {
    expect(requiredKeys(evaluate('overig-boten', { extra_boten_frequentie: pick('ja') }))).toContain('extra_boten_moment');
    const blank = evaluate('overig-boten', { extra_boten_frequentie: pick('ja'), extra_boten_moment: '   ' });
    expect(blank.errors.extra_boten_moment).toBe('Dit is een verplicht veld');
    expect(evaluate('overig-boten', { extra_boten_frequentie: pick('nee') }).visibleKeys).not.toContain('extra_boten_moment');
  });

  it.each(['olie-op-het-water', 'overlast-vanaf-het-water', 'blokkade-van-de-vaarweg'])(
    'requires the date for %s without boat-nuisance questions',
    (sub) => {
      const ev = evaluate(sub);
      expect(requiredKeys(ev)).toContain('dateTime');
      expect(ev.visibleKeys).not.toContain('extra_boten_soort');
    },
  );

  it('advances for speeding boats once all required answers are given', () => {
    const ev = evaluate('overlast-op-het-water-snel-varen', {
      locatie: PLACE, dateTime: 'now', extra_boten_frequentie: pick('ja'), extra_boten_moment: 'zondagmiddag',
      extra_boten_soort: pick('huur'), extra_boten_open_gesloten: pick('open'),
    });
    expect(ev.canAdvance).toBe(true);
  });
});

describe('openbaar groen en water', () => {
  it('selects oak trees on the tree layer with the oak statuses of the spec', () => {
    const ev = evaluate('eikenprocessierups');
    const q = ev.visible.find((v) => v.key === 'extra_eikenprocessierups');
    expect(q?.fieldType).toBe('caterpillar_select');
    expect(q?.question.meta.featureTypes?.[0]).toMatchObject({ typeValue: 'Eikenboom' });
    expect(q?.question.meta.featureStatusTypes?.map((s) => [s.typeValue, s.statusField, s.statusValues])).toEqual([
      ['reported', 'Registratie', ['Deels bestreden', 'Melding', 'Registratie']],
      ['checked', 'Registratie', ['Bestreden', 'Geen EPR', 'EPR (niet bestrijden)']],
    ]);
    expect(q?.question.meta.extraProperties).toEqual(['GlobalID']);
  });

  it('requires the nest size with klein, groot, deken and geen_nest', () => {
    const ev = evaluate('eikenprocessierups');
    expect(requiredKeys(ev)).toEqual(expect.arrayContaining(['extra_eikenprocessierups', 'extra_nest_grootte']));
    expect(Object.keys(ev.visible.find((q) => q.key === 'extra_nest_grootte')?.question.meta.values ?? {}))
      .toEqual(['klein', 'groot', 'deken', 'geen_nest']);
    expect(evaluate('eikenprocessierups', { extra_eikenprocessierups: ASSET, extra_nest_grootte: pick('deken') }).canAdvance).toBe(true);
  });

  it('asks to explain an unsafe Japanese knotweed only when it is unsafe', () => {
    expect(evaluate('japanse-duizendknoop', { extra_japanse_duizendknoop_onveilig: pick('ja') }).visibleKeys)
      .toContain('extra_japanse_duizendknoop_onveilig_uitleg');
    expect(evaluate('japanse-duizendknoop', { extra_japanse_duizendknoop_onveilig: pick('nee') }).visibleKeys)
      .not.toContain('extra_japanse_duizendknoop_onveilig_uitleg');
    expect(evaluate('japanse-duizendknoop', { locatie: PLACE }).canAdvance).toBe(true);
  });

  it.each(TREE_SUBS)('asks for %s which tree it is, on the street-tree layer without oaks, instead of a plain location', (sub) => {
    const ev = evaluate(sub);
    expect(ev.visibleKeys).toEqual(['extra_boom', 'extra_boom_gevaar']);
    const q = ev.visible.find((v) => v.key === 'extra_boom');
    expect(q).toMatchObject({ fieldType: 'asset_select', required: true });
    const meta = q!.question.meta;
    expect(meta.label).toBe('Om welke boom gaat het?');
    expect(meta.validators).toContainEqual(['validateObjectLocation', 'boom']);
    expect(meta.endpoint).toBe('streetTrees');
    expect(meta.wfsFilter).toMatch(/^<Not><PropertyIsLike [^>]*><PropertyName>soortnaam<\/PropertyName><Literal>Quercus\*<\/Literal><\/PropertyIsLike><\/Not>$/);
    expect(meta.featureTypes?.find((t) => t.typeValue === 'not-on-map')?.description).toBe('De boom staat niet op de kaart');
  });

  it('needs a tree, or a place for one that is not on the map, before going on', () => {
    const empty = evaluate('bomen', { extra_boom_gevaar: pick('nee') });
    expect(empty.canAdvance).toBe(false);
    expect(empty.errors.extra_boom).toBe('Kies een locatie of een boom op de kaart of vul een adres in');
    expect(evaluate('bomen', { extra_boom: TREE, extra_boom_gevaar: pick('nee') }).canAdvance).toBe(true);
    expect(evaluate('boomziekten-en-plagen', { extra_boom: TREE_NOT_ON_MAP, extra_boom_gevaar: pick('nee') }).canAdvance).toBe(true);
  });

  it.each(['boom-illegale-kap', 'boom-aanvraag-plaatsing'])('keeps the plain location for %s, where there is no tree to choose', (sub) => {
    const ev = evaluate(sub);
    expect(ev.visibleKeys).toContain('locatie');
    expect(ev.visibleKeys).not.toContain('extra_boom');
  });

  it('requires the date for illegal tree felling only', () => {
    expect(requiredKeys(evaluate('boom-illegale-kap'))).toContain('dateTime');
    expect(evaluate('bomen').visibleKeys).not.toContain('dateTime');
  });

  it('alerts to phone when a tree is dangerous', () => {
    const ev = evaluate('boom-stormschade', { extra_boom: TREE, extra_boom_gevaar: pick('ja') });
    expect(noticeType(ev, 'extra_boom_gevaar_alert')).toBe('alert');
    expect(ev.canAdvance).toBe(true);
  });

  it('blocks mowing when the grass is safe and not used for recreation', () => {
    const safe = evaluate('maaien-snoeien', { extra_gras_of_berm_onveilig: pick('nee') });
    expect(requiredKeys(safe)).toContain('extra_groen_voor_recreatie');
    const blocked = evaluate('maaien-snoeien', {
      locatie: PLACE, extra_gras_of_berm_onveilig: pick('nee'), extra_groen_voor_recreatie: pick('nee'),
    });
    expect(blockingKeys(blocked)).toEqual(['extra_maaien_geen_melding']);
    expect(evaluate('maaien-snoeien', { locatie: PLACE, extra_gras_of_berm_onveilig: pick('ja') }).canAdvance).toBe(true);
  });

  it('blocks pruning when the plants are not unsafe', () => {
    expect(evaluate('snoeien', { locatie: PLACE, extra_plant_of_boom_onveilig: pick('nee') }).blocked).toBe(true);
    expect(evaluate('snoeien', { locatie: PLACE, extra_plant_of_boom_onveilig: pick('ja') }).canAdvance).toBe(true);
  });
});
