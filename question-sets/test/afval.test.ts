import { describe, expect, it } from 'vitest';
import { ASSET, PLACE, blockingKeys, evaluate, noticeText, noticeType, pick, requiredKeys } from './support.ts';

const BLOCKING = 'U kunt dit formulier niet verder invullen. Lees onder de antwoorden waar u uw melding wel kunt doen.';

describe('afval: the waste question', () => {
  it.each(['grofvuil', 'huisafval', 'puin-sloopafval'])('asks what waste lies there for %s, optionally', (sub) => {
    const ev = evaluate(sub);
    expect(ev.visibleKeys).toContain('extra_afval');
    expect(requiredKeys(ev)).not.toContain('extra_afval');
  });

  it('limits the waste description to 1000 characters', () => {
    expect(evaluate('grofvuil', { locatie: PLACE, extra_afval: 'a'.repeat(1000) }).canAdvance).toBe(true);
    const long = evaluate('grofvuil', { locatie: PLACE, extra_afval: 'a'.repeat(1001) });
    expect(long.errors.extra_afval).toBe('U heeft meer dan de maximale 1000 tekens ingevoerd');
    expect(long.canAdvance).toBe(false);
  });

  it.each(['veeg-zwerfvuil', 'prullenbak-is-vol', 'afval-overig'])('does not ask it for %s', (sub) => {
    expect(evaluate(sub).visibleKeys).not.toContain('extra_afval');
  });

  it("offers the optional 'Wanneer was het?' date: empty is fine, a future time is not", () => {
    const empty = evaluate('grofvuil', { locatie: PLACE });
    expect(empty.visible.find((q) => q.key === 'dateTime')?.question.meta.label).toBe('Wanneer was het?');
    expect(empty.canAdvance).toBe(true);
    const future = evaluate('grofvuil', { locatie: PLACE, dateTime: '2026-06-16T09:00:00+02:00' });
    expect(future.errors.dateTime).toBe('Vul een tijdstip uit het verleden in');
  });

  it("rejects a date that is neither a moment nor 'now' with 'Dit is een verplicht veld'", () => {
    const ev = evaluate('huisafval', { locatie: PLACE, dateTime: 'gisteren' });
    expect(ev.errors.dateTime).toBe('Dit is een verplicht veld');
    expect(ev.canAdvance).toBe(false);
  });
});

describe('afval: waste enforcement', () => {
  it('requires the date and time and whether the owner is known', () => {
    const ev = evaluate('handhaving-op-afval');
    expect(requiredKeys(ev)).toEqual(expect.arrayContaining(['locatie', 'dateTime', 'extra_afval_handhaving_owner']));
    expect(requiredKeys(ev)).not.toContain('extra_afval_handhaving');
    expect(ev.errors.dateTime).toBe('Dit is een verplicht veld');
  });

  it('confirms a phone call when the owner is known', () => {
    const ev = evaluate('asbest-accu', { extra_afval_handhaving_owner: pick('ja') });
    expect(noticeType(ev, 'extra_afval_handhaving_owner_confirmation')).toBe('info');
    expect(noticeText(ev, 'extra_afval_handhaving_owner_confirmation')).toMatch(/belt u/);
    expect(evaluate('asbest-accu', { extra_afval_handhaving_owner: pick('nee') }).visibleKeys)
      .not.toContain('extra_afval_handhaving_owner_confirmation');
  });

  it('shows the notes for the enforcer only to signed-in staff', () => {
    expect(evaluate('handhaving-op-afval').visibleKeys).not.toContain('extra_afval_handhaving_intern');
    expect(evaluate('handhaving-op-afval', {}, true).visibleKeys).toContain('extra_afval_handhaving_intern');
  });

  it('advances once location, time and owner are answered', () => {
    const ev = evaluate('handhaving-op-afval', { locatie: PLACE, dateTime: 'now', extra_afval_handhaving_owner: pick('nee') });
    expect(ev.canAdvance).toBe(true);
  });
});

describe('afval: containers', () => {
  it('asks for the container on the map instead of a plain location', () => {
    const ev = evaluate('container-is-vol');
    expect(ev.visibleKeys).toContain('extra_container');
    expect(ev.visibleKeys).not.toContain('locatie');
    expect(ev.visible.find((q) => q.key === 'extra_container')?.fieldType).toBe('asset_select');
  });

  it('cannot advance without a container or a place, and can with one chosen', () => {
    const none = evaluate('container-glas-vol');
    expect(none.errors.extra_container).toBe('Kies een locatie of een container op de kaart of vul een adres in');
    expect(none.canAdvance).toBe(false);
    expect(evaluate('container-glas-vol', { extra_container: ASSET }).canAdvance).toBe(true);
  });

  it('asks why an extra container is needed only when one is requested', () => {
    expect(evaluate('container-bijplaatsing').visibleKeys).toContain('extra_container_bijplaatsing');
    expect(evaluate('container-is-kapot').visibleKeys).not.toContain('extra_container_bijplaatsing');
  });
});

describe('afval: rolcontainer', () => {
  it.each(['rolcontainer-is-kapot', 'rolcontainer-is-vol'])('requires what is wrong for %s', (sub) => {
    expect(requiredKeys(evaluate(sub))).toContain('extra_afval_rolcontainer');
  });

  it('kapot blocks and points to the separate request form', () => {
    const ev = evaluate('rolcontainer-is-kapot', { locatie: PLACE, extra_afval_rolcontainer: pick('kapot') });
    expect(ev.blocked).toBe(true);
    expect(ev.canAdvance).toBe(false);
    expect(ev.globalMessage).toBe(BLOCKING);
    expect(blockingKeys(ev)).toEqual(['extra_afval_rolcontainer_kapot']);
    expect(noticeType(ev, 'extra_afval_rolcontainer_kapot')).toBe('alert');
    expect(noticeText(ev, 'extra_afval_rolcontainer_kapot')).toMatch(/aanvraagformulier/);
  });

  it('oneens blocks and points to the website', () => {
    const ev = evaluate('rolcontainer-is-kapot', { locatie: PLACE, extra_afval_rolcontainer: pick('oneens') });
    expect(ev.blocked).toBe(true);
    expect(ev.globalMessage).toBe(BLOCKING);
    expect(blockingKeys(ev)).toEqual(['extra_afval_rolcontainer_oneens']);
    expect(noticeText(ev, 'extra_afval_rolcontainer_oneens')).toMatch(/website/);
  });

  it.each(['vol', 'anders'])('%s does not block', (answer) => {
    const ev = evaluate('rolcontainer-is-vol', { locatie: PLACE, extra_afval_rolcontainer: pick(answer) });
    expect(ev.blocked).toBe(false);
    expect(ev.canAdvance).toBe(true);
  });

  it('lifts the block when the answer changes from kapot to vol', () => {
    const ev = evaluate('rolcontainer-is-kapot', { locatie: PLACE, extra_afval_rolcontainer: pick('vol') });
    expect(ev.visibleKeys).not.toContain('extra_afval_rolcontainer_kapot');
    expect(ev.blocked).toBe(false);
  });
});

describe('civiele constructies: bridge name', () => {
  it.each(['bruggen', 'brug-bediening'])('asks the name of the bridge for %s, optionally', (sub) => {
    const ev = evaluate(sub, { locatie: PLACE });
    expect(ev.visibleKeys).toContain('extra_brug');
    expect(ev.canAdvance).toBe(true);
  });

  it('does not ask it for kades', () => {
    expect(evaluate('kades').visibleKeys).not.toContain('extra_brug');
  });
});
