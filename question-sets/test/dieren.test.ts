import { describe, expect, it } from 'vitest';
import { PLACE, blockingKeys, evaluate, noticeText, noticeType, pick, requiredKeys } from './support.ts';

const BLOCKING = 'U kunt dit formulier niet verder invullen. Lees onder de antwoorden waar u uw melding wel kunt doen.';
const ANIMAL_BLOCK = 'U kunt dit formulier niet meer verder invullen';

/** Evaluates with a place on the map, so only the animal answers decide. */
const withPlace = (sub: string, answers: Record<string, unknown>) => evaluate(sub, { locatie: PLACE, ...answers });

function expectAnimalBlock(sub: string, answers: Record<string, unknown>, notice: string) {
  const ev = withPlace(sub, answers);
  expect(ev.blocked).toBe(true);
  expect(ev.canAdvance).toBe(false);
  expect(ev.globalMessage).toBe(BLOCKING);
  expect(blockingKeys(ev)).toEqual([notice]);
  expect(noticeType(ev, notice)).toBe('alert');
  expect(noticeText(ev, notice).startsWith(ANIMAL_BLOCK)).toBe(true);
}

describe('overlast van dieren: which animal', () => {
  it('requires which animal for the overig subcategory only', () => {
    expect(requiredKeys(evaluate('overlast-van-dieren-overig'))).toContain('extra_dieren_welk_dier');
    expect(evaluate('wespen').visibleKeys).not.toContain('extra_dieren_welk_dier');
  });

  it.each([
    ['wespen', 'extra_dieren_waar_wespen'],
    ['dode_dieren', 'extra_dieren_waar_dode_dieren'],
    ['duiven_meeuwen_ganzen', 'extra_dieren_waar_duiven_meeuwen_ganzen'],
    ['ratten', 'extra_dieren_waar_ratten'],
  ])('asks where for %s chosen under overig', (animal, key) => {
    const ev = evaluate('overlast-van-dieren-overig', { extra_dieren_welk_dier: pick(animal) });
    expect(requiredKeys(ev)).toContain(key);
  });

  it('advances for another animal after choosing it', () => {
    expect(withPlace('overlast-van-dieren-overig', { extra_dieren_welk_dier: pick('anders') }).canAdvance).toBe(true);
  });
});

describe('overlast van dieren: blocking cases', () => {
  it('blocks wasps at home', () => {
    expectAnimalBlock('wespen', { extra_dieren_waar_wespen: pick('woning') }, 'extra_dieren_waar_wespen_woning');
  });

  it('lets wasps in public space through', () => {
    expect(withPlace('wespen', { extra_dieren_waar_wespen: pick('openbaar') }).canAdvance).toBe(true);
  });

  it.each([
    ['woning_tuin', 'extra_dieren_waar_dode_dieren_woning'],
    ['water', 'extra_dieren_waar_dode_dieren_water'],
    ['openbaar_anders', 'extra_dieren_waar_dode_dieren_openbaar_huisdieren_vogels'],
  ])('blocks a dead animal at %s', (where, notice) => {
    expectAnimalBlock('dode-dieren', { extra_dieren_waar_dode_dieren: pick(where) }, notice);
  });

  it('lets a dead rat in public space through', () => {
    const ev = withPlace('dode-dieren', { extra_dieren_waar_dode_dieren: pick('openbaar_ratten') });
    expect(ev.blocked).toBe(false);
    expect(ev.canAdvance).toBe(true);
  });

  it.each(['duiven', 'meeuwen', 'ganzen'])('blocks %s at home and informs about them in public space', (sub) => {
    expectAnimalBlock(sub, { extra_dieren_waar_duiven_meeuwen_ganzen: pick('woning') }, 'extra_dieren_waar_duiven_meeuwen_ganzen_woning');
    const pub = withPlace(sub, { extra_dieren_waar_duiven_meeuwen_ganzen: pick('openbaar') });
    expect(pub.canAdvance).toBe(true);
    expect(noticeType(pub, 'extra_dieren_waar_duiven_meeuwen_ganzen_openbaar')).toBe('info');
  });

  it('blocks rats in another building block', () => {
    expectAnimalBlock('ratten', { extra_dieren_waar_ratten: pick('ander_gebouw') }, 'extra_dieren_waar_ratten_ander_gebouw');
  });

  it.each(['woning', 'tuin'])('asks for an e-mail address for rats in the %s, without blocking', (where) => {
    const ev = withPlace('ratten', { extra_dieren_waar_ratten: pick(where) });
    expect(noticeType(ev, 'extra_dieren_waar_ratten_woning_tuin')).toBe('info');
    expect(noticeText(ev, 'extra_dieren_waar_ratten_woning_tuin')).toMatch(/e-mailadres/);
    expect(ev.canAdvance).toBe(true);
  });

  it('drops the block when the subcategory changes and the hidden answer no longer counts', () => {
    const ev = withPlace('ratten', { extra_dieren_waar_wespen: pick('woning') });
    expect(ev.visibleKeys).not.toContain('extra_dieren_waar_wespen_woning');
    expect(ev.blocked).toBe(false);
  });
});
