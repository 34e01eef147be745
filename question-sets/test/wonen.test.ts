import { describe, expect, it } from 'vitest';
import { PLACE, blockingKeys, evaluate, noticeText, noticeType, pick, requiredKeys, ticks } from './support.ts';

const BLOCKING = 'U kunt dit formulier niet verder invullen. Lees onder de antwoorden waar u uw melding wel kunt doen.';
const VAKANTIE_REQUIRED = [
  'extra_wonen_vakantieverhuur_toeristen_aanwezig', 'extra_wonen_vakantieverhuur_aantal_mensen',
  'extra_wonen_vakantieverhuur_hoe_vaak', 'extra_wonen_vakantieverhuur_bewoning', 'extra_wonen_vakantieverhuur_online_aangeboden',
];

describe('wonen: choosing a topic under wonen-overig', () => {
  it('requires the wonen_overig choice with the seven topics', () => {
    const ev = evaluate('wonen-overig');
    expect(requiredKeys(ev)).toContain('wonen_overig');
    expect(Object.keys(ev.visible.find((q) => q.key === 'wonen_overig')?.question.meta.values ?? {})).toEqual([
      'vakantieverhuur', 'onderhuur', 'leegstand', 'crimineleBewoning', 'woningdelen', 'woningkwaliteit', 'verhuurderschap',
    ]);
    expect(evaluate('leegstand').visibleKeys).not.toContain('wonen_overig');
  });

  it.each([
    ['vakantieverhuur', 'vakantieverhuur', 'extra_wonen_vakantieverhuur_hoe_vaak'],
    ['onderhuur-en-adreskwaliteit', 'onderhuur', 'extra_wonen_onderhuur_aantal_personen'],
    ['leegstand', 'leegstand', 'extra_wonen_leegstand_periode'],
    ['woningkwaliteit', 'woningkwaliteit', 'extra_wonen_woonkwaliteit_direct_gevaar'],
    ['goed-verhuurderschap', 'verhuurderschap', 'extra_wonen_verhuurderschap_onderwerp'],
    ['woningdelen-spookburgers', 'woningdelen', 'extra_wonen_woningdelen_aantal_personen'],
  ])('shows the %s questions for that subcategory and for the wonen_overig choice %s', (sub, choice, key) => {
    expect(evaluate(sub).visibleKeys).toContain(key);
    expect(evaluate('wonen-overig', { wonen_overig: pick(choice) }).visibleKeys).toContain(key);
    expect(evaluate('wonen-overig').visibleKeys).not.toContain(key);
  });

  it('asks the woningdelen questions for crimineleBewoning too', () => {
    expect(evaluate('wonen-overig', { wonen_overig: pick('crimineleBewoning') }).visibleKeys)
      .toContain('extra_wonen_woningdelen_wisselende_bewoners');
  });
});

describe('wonen: woningkwaliteit', () => {
  it("blocks on direct danger with the alert 'Bel 112 en vul dit formulier niet verder in'", () => {
    const ev = evaluate('woningkwaliteit', { locatie: PLACE, extra_wonen_woonkwaliteit_direct_gevaar: pick('ja') });
    expect(noticeType(ev, 'extra_wonen_woonkwaliteit_direct_gevaar_alert')).toBe('alert');
    expect(noticeText(ev, 'extra_wonen_woonkwaliteit_direct_gevaar_alert')).toBe('Bel 112 en vul dit formulier niet verder in');
    expect(ev.blocked).toBe(true);
    expect(ev.canAdvance).toBe(false);
    expect(ev.globalMessage).toBe(BLOCKING);
    expect(ev.visibleKeys).not.toContain('extra_wonen_woonkwaliteit_gemeld_bij_eigenaar');
  });

  it('without danger, requires whether the landlord was told, and blocks with the caution when not', () => {
    const noDanger = evaluate('woningkwaliteit', { extra_wonen_woonkwaliteit_direct_gevaar: pick('nee') });
    expect(requiredKeys(noDanger)).toContain('extra_wonen_woonkwaliteit_gemeld_bij_eigenaar');
    const notTold = evaluate('woningkwaliteit', {
      locatie: PLACE, extra_wonen_woonkwaliteit_direct_gevaar: pick('nee'), extra_wonen_woonkwaliteit_gemeld_bij_eigenaar: pick('nee'),
    });
    expect(noticeType(notTold, 'extra_wonen_woonkwaliteit_niet_gemeld')).toBe('caution');
    expect(noticeText(notTold, 'extra_wonen_woonkwaliteit_niet_gemeld')).toBe(
      'Meld uw klacht eerst bij de verhuurder, eigenaar of VvE. Krijgt u geen antwoord of wordt de klacht niet verholpen, vul dan dit formulier in.',
    );
    expect(blockingKeys(notTold)).toEqual(['extra_wonen_woonkwaliteit_niet_gemeld']);
    expect(notTold.blocked).toBe(true);
  });

  it('advances when the landlord was told', () => {
    const ev = evaluate('woningkwaliteit', {
      locatie: PLACE, extra_wonen_woonkwaliteit_direct_gevaar: pick('nee'), extra_wonen_woonkwaliteit_gemeld_bij_eigenaar: pick('ja'),
    });
    expect(ev.blocked).toBe(false);
    expect(ev.canAdvance).toBe(true);
  });
});

describe('wonen: onderhuur', () => {
  it('requires the residents count, period and where the tenant lives', () => {
    expect(requiredKeys(evaluate('onderhuur-en-adreskwaliteit'))).toEqual(expect.arrayContaining([
      'extra_wonen_onderhuur_aantal_personen', 'extra_wonen_onderhuur_woon_periode', 'extra_wonen_onderhuur_huurder_woont',
    ]));
  });

  it("asks the tenant's address only when the tenant lives elsewhere", () => {
    const elsewhere = evaluate('onderhuur-en-adreskwaliteit', { extra_wonen_onderhuur_huurder_woont: pick('ander_adres') });
    expect(elsewhere.visibleKeys).toContain('extra_wonen_onderhuur_adres_huurder');
    const here = evaluate('onderhuur-en-adreskwaliteit', { extra_wonen_onderhuur_huurder_woont: pick('aangegeven_adres') });
    expect(here.visibleKeys).not.toContain('extra_wonen_onderhuur_adres_huurder');
  });

  it.each([
    ['een_persoon', false], ['twee_personen', false], ['drie_personen', true], ['vier_personen', true],
    ['vijf_of_meer_personen', true], ['weet_ik_niet', false],
  ])('asks whether residents are family for %s: %s', (count, shown) => {
    const ev = evaluate('onderhuur-en-adreskwaliteit', { extra_wonen_onderhuur_aantal_personen: pick(count) });
    expect(ev.visibleKeys.includes('extra_wonen_onderhuur_bewoners_familie')).toBe(shown);
    if (shown) expect(requiredKeys(ev)).toContain('extra_wonen_onderhuur_bewoners_familie');
  });

  it('asks the family question for woningdelen only from 3 persons', () => {
    expect(evaluate('woningdelen-spookburgers', { extra_wonen_woningdelen_aantal_personen: pick('drie_personen') }).visibleKeys)
      .toContain('extra_wonen_woningdelen_bewoners_familie');
    expect(evaluate('woningdelen-spookburgers', { extra_wonen_woningdelen_aantal_personen: pick('twee_personen') }).visibleKeys)
      .not.toContain('extra_wonen_woningdelen_bewoners_familie');
  });
});

describe('wonen: vakantieverhuur', () => {
  it('requires every holiday-letting question except the date and the ad link', () => {
    const ev = evaluate('vakantieverhuur', {
      extra_wonen_vakantieverhuur_hoe_vaak: pick('wekelijks'), extra_wonen_vakantieverhuur_online_aangeboden: pick('ja'),
    });
    expect(requiredKeys(ev)).toEqual(expect.arrayContaining([...VAKANTIE_REQUIRED, 'extra_wonen_vakantieverhuur_wanneer']));
    expect(requiredKeys(ev)).not.toContain('vakantieverhuur_dateTime');
    expect(requiredKeys(ev)).not.toContain('extra_wonen_vakantieverhuur_link_advertentie');
    expect(ev.visibleKeys).toContain('vakantieverhuur_dateTime');
  });

  it('asks when tourists come only for monthly or weekly letting', () => {
    for (const often of ['maandelijks', 'wekelijks']) {
      expect(evaluate('vakantieverhuur', { extra_wonen_vakantieverhuur_hoe_vaak: pick(often) }).visibleKeys)
        .toContain('extra_wonen_vakantieverhuur_wanneer');
    }
    for (const often of ['dagelijks', 'eerste_keer']) {
      expect(evaluate('vakantieverhuur', { extra_wonen_vakantieverhuur_hoe_vaak: pick(often) }).visibleKeys)
        .not.toContain('extra_wonen_vakantieverhuur_wanneer');
    }
  });

  it('asks the ad link only when offered online, and it must be a url', () => {
    expect(evaluate('vakantieverhuur', { extra_wonen_vakantieverhuur_online_aangeboden: pick('nee') }).visibleKeys)
      .not.toContain('extra_wonen_vakantieverhuur_link_advertentie');
    const answers = {
      locatie: PLACE, extra_wonen_vakantieverhuur_toeristen_aanwezig: pick('ja'), extra_wonen_vakantieverhuur_aantal_mensen: pick('vijf_of_meer'),
      extra_wonen_vakantieverhuur_hoe_vaak: pick('dagelijks'), extra_wonen_vakantieverhuur_bewoning: pick('nee'),
      extra_wonen_vakantieverhuur_online_aangeboden: pick('ja'),
    };
    expect(evaluate('vakantieverhuur', answers).canAdvance).toBe(true);
    const bad = evaluate('vakantieverhuur', { ...answers, extra_wonen_vakantieverhuur_link_advertentie: 'mijn huis op internet' });
    expect(bad.errors.extra_wonen_vakantieverhuur_link_advertentie).toBeDefined();
    expect(bad.canAdvance).toBe(false);
    const noScheme = evaluate('vakantieverhuur', { ...answers, extra_wonen_vakantieverhuur_link_advertentie: 'www.example.com/kamer/12' });
    expect(noScheme.errors.extra_wonen_vakantieverhuur_link_advertentie).toBeDefined();
    const link = noScheme.visible.find((q) => q.key === 'extra_wonen_vakantieverhuur_link_advertentie');
    expect(link?.question.meta.subtitle).toContain('https://');
    const good = evaluate('vakantieverhuur', { ...answers, extra_wonen_vakantieverhuur_link_advertentie: 'https://example.com/kamer/12' });
    expect(good.canAdvance).toBe(true);
  });
});

describe('wonen: leegstand and verhuurderschap', () => {
  it('asks what happens in an empty home only when it is sometimes used', () => {
    expect(evaluate('leegstand', { extra_wonen_leegstand_woning_gebruik: pick('ja') }).visibleKeys)
      .toContain('extra_wonen_leegstand_activiteit_in_woning');
    expect(evaluate('leegstand', { extra_wonen_leegstand_woning_gebruik: pick('nee') }).visibleKeys)
      .not.toContain('extra_wonen_leegstand_activiteit_in_woning');
  });

  it('shows a section per ticked landlord topic and asks for the declaration', () => {
    const ev = evaluate('goed-verhuurderschap', { extra_wonen_verhuurderschap_onderwerp: ticks('intimidatie', 'servicekosten') });
    expect(ev.visibleKeys).toEqual(expect.arrayContaining([
      'extra_wonen_verhuurderschap_intimidatie_title', 'extra_wonen_verhuurderschap_intimidatie_toelichting',
      'extra_wonen_verhuurderschap_servicekosten_title', 'extra_wonen_verhuurderschap_naar_waarheid',
    ]));
    expect(ev.visibleKeys).not.toContain('extra_wonen_verhuurderschap_discriminatie');
    expect(requiredKeys(ev)).toContain('extra_wonen_verhuurderschap_naar_waarheid');
  });

  it('only advances with the declaration ticked', () => {
    const answers = {
      locatie: PLACE, extra_wonen_verhuurderschap_onderwerp: ticks('bemiddelingskosten'),
      extra_wonen_verhuurderschap_bemiddelingskosten: pick('ja'), extra_wonen_verhuurderschap_bewijs: pick('nee'),
    };
    expect(evaluate('goed-verhuurderschap', { ...answers, extra_wonen_verhuurderschap_naar_waarheid: { label: 'x', value: false } }).canAdvance)
      .toBe(false);
    expect(evaluate('goed-verhuurderschap', { ...answers, extra_wonen_verhuurderschap_naar_waarheid: { label: 'x', value: true } }).canAdvance)
      .toBe(true);
  });
});
