import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION } from '../../../server/modules/platforms/shopify/admin-api.ts';
import { grantToken, startStandIn } from './install-flow.ts';

const { standIn } = await startStandIn(() => new Date());
const SHOP = 'schema-shop.myshopify.com';
let token = '';

beforeAll(async () => {
  token = await grantToken(standIn, SHOP, 'write_discounts');
});
afterAll(() => standIn.stop());

interface Answer {
  data?: Record<string, { userErrors?: Array<{ field: string[]; code: string }> }>;
  errors?: Array<{ message: string }>;
}

const query = async (text: string, variables: Record<string, unknown> = {}): Promise<Answer> => {
  const response = await fetch(`${standIn.origin}/admin/api/${API_VERSION}/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
    body: JSON.stringify({ query: text, variables }),
  });
  return (await response.json()) as Answer;
};

const CREATE = /* GraphQL */ `
  mutation Create($basicCodeDiscount: DiscountCodeBasicInput!) {
    discountCodeBasicCreate(basicCodeDiscount: $basicCodeDiscount) {
      codeDiscountNode {
        id
      }
      userErrors {
        field
        code
        message
      }
    }
  }
`;

describe('the Shopify stand-in answers a wrong call as the Admin API does', () => {
  it('a misspelt field is a validation error, and nothing runs', async () => {
    const answer = await query('{ shop { nmae } }');
    expect(answer.data).toBeUndefined();
    expect(answer.errors?.[0]?.message).toMatch(/Cannot query field "nmae" on type "Shop"/);
  });

  it('an input field the documented type does not have is refused with the variable', async () => {
    const answer = await query(CREATE, { basicCodeDiscount: { code: 'X-1', titel: 'typo' } });
    expect(answer.data).toBeUndefined();
    expect(answer.errors?.[0]?.message).toMatch(/Variable "\$basicCodeDiscount".*"titel" is not defined by type "DiscountCodeBasicInput"/);
  });

  it('a missing required input is a user error per field (BLANK), and no discount is created', async () => {
    const answer = await query(CREATE, { basicCodeDiscount: { code: 'X-2' } });
    const errors = answer.data?.discountCodeBasicCreate?.userErrors ?? [];
    expect(errors.map((error) => [error.field.at(-1), error.code])).toEqual([
      ['title', 'BLANK'],
      ['startsAt', 'BLANK'],
      ['context', 'BLANK'],
      ['customerGets', 'BLANK'],
    ]);
    expect(standIn.shop(SHOP).discounts).toEqual([]);
  });
});
