import { describe, expect, it } from 'vitest';
import { nextStage, onboardingDone, stepIndexForStage } from './steps.ts';
import { rewardRequest, type RewardForm } from './RewardStep.tsx';
import { basicsErrors } from './BasicsStep.tsx';
import { earningErrors } from './EarningStep.tsx';
import { channelErrors } from './ChannelsStep.tsx';
import { embedSnippet } from './InstallStep.tsx';

describe('onboarding stages 2 → 12, then done (spec §4 / §9)', () => {
  it.each([
    [2, 0, 4],
    [4, 1, 6],
    [6, 2, 8],
    [8, 3, 10],
    [10, 4, 12],
    [12, 5, 0],
    [5, 1, 6],
  ])('stage %i → step %i, next stage %i', (stage, index, next) => {
    expect(stepIndexForStage(stage)).toBe(index);
    expect(nextStage(stage)).toBe(next);
  });

  it.each([
    [2, false],
    [12, false],
    [0, true],
    [14, true],
  ])('stage %i done: %s', (stage, done) => {
    expect(onboardingDone(stage)).toBe(done);
  });
});

describe('onboarding forms', () => {
  const form: RewardForm = { title: '$5 off', discountType: 'fixed_amount', value: '5', pointsCost: '500' };
  it.each<[string, Partial<RewardForm>, Record<string, unknown> | null, string[]]>([
    ['amount off in minor units', {}, { title: '$5 off', discount_type: 'fixed_amount', discount_value: 500, points_cost: 500 }, []],
    ['percentage', { discountType: 'percentage', value: '10' }, { discount_type: 'percentage', discount_value: 10 }, []],
    ['percentage above 100', { discountType: 'percentage', value: '120' }, null, ['value']],
    ['free shipping ignores the value', { discountType: 'free_shipping', value: '' }, { discount_type: 'free_shipping', discount_value: 0 }, []],
    ['empty title and zero points', { title: ' ', pointsCost: '0' }, null, ['title', 'pointsCost']],
  ])('reward: %s', (_name, change, body, errors) => {
    const result = rewardRequest({ ...form, ...change });
    expect(Object.keys(result.errors).sort()).toEqual(errors.sort());
    if (body) expect(result.body).toMatchObject(body);
    else expect(result.body).toBeNull();
  });

  it('amounts are typed in the store’s currency and sent in its minor units', () => {
    expect(rewardRequest({ ...form, value: '12.50' }).body?.discount_value).toBe(1250);
    expect(rewardRequest({ ...form, value: '500' }, 'JPY').body?.discount_value).toBe(500);
    expect(rewardRequest({ ...form, value: '5.5' }, 'JPY').errors.value).toBe('Enter an amount greater than 0, such as 500.');
  });

  it.each([
    [{ programName: 'Rewards', pointsLabel: 'stars' }, []],
    [{ programName: ' ', pointsLabel: '' }, ['programName', 'pointsLabel']],
  ])('basics %j → errors %j', (values, errors) => {
    expect(Object.keys(basicsErrors(values))).toEqual(errors);
  });

  it.each([
    ['1', false],
    ['250', false],
    ['0', true],
    ['1.5', true],
    ['abc', true],
  ])('earning points %j → error %s', (points, error) => {
    expect(Boolean(earningErrors(points).points)).toBe(error);
  });

  it.each([
    [{ name: 'Web shop', url: '' }, []],
    [{ name: 'Web shop', url: 'https://shop.example.com' }, []],
    [{ name: '', url: 'not a url' }, ['name', 'url']],
  ])('channel %j → errors %j (URL check of spec §5)', (values, errors) => {
    expect(Object.keys(channelErrors(values))).toEqual(errors);
  });

  it('embed snippet of DESIGN.md §4', () => {
    expect(embedSnippet('https://app.example.com', 'demo-outdoor-co')).toBe(
      '<script async src="https://app.example.com/embed/loader.js" data-store="demo-outdoor-co"></script>',
    );
  });
});
