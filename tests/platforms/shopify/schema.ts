import { buildSchema } from 'graphql';

/** The Admin API version the schema below is documented for: the stand-in answers only this one. */
export const SCHEMA_VERSION = '2026-10';

/**
 * The part of Shopify's Admin GraphQL API (2026-10) the app uses, as documented, and nothing
 * more: an operation naming a field or an input the real API does not have, or leaving out a
 * required argument, fails validation here as it does there.
 */
/** The input fields every kind of code discount has. */
const CODE_INPUT_FIELDS = `
    title: String
    code: String
    startsAt: DateTime
    endsAt: DateTime
    usageLimit: Int
    appliesOncePerCustomer: Boolean
    context: DiscountContextInput
    minimumRequirement: DiscountMinimumRequirementInput`;

export const ADMIN_SCHEMA = buildSchema(/* GraphQL */ `
  scalar DateTime
  scalar Decimal
  scalar URL
  scalar UnsignedInt64

  interface Node {
    id: ID!
  }

  enum CurrencyCode {
    USD
    EUR
    GBP
    CAD
    AUD
    JPY
  }

  type Domain {
    host: String!
    url: URL!
  }

  type Shop {
    id: ID!
    name: String!
    email: String!
    myshopifyDomain: String!
    currencyCode: CurrencyCode!
    primaryDomain: Domain!
  }

  enum DiscountStatus {
    ACTIVE
    EXPIRED
    SCHEDULED
  }

  type DiscountCodeBasic {
    title: String!
    status: DiscountStatus!
    endsAt: DateTime
    usageLimit: Int
    appliesOncePerCustomer: Boolean!
  }

  type DiscountCodeFreeShipping {
    title: String!
    status: DiscountStatus!
    endsAt: DateTime
    usageLimit: Int
    appliesOncePerCustomer: Boolean!
  }

  union DiscountCode = DiscountCodeBasic | DiscountCodeFreeShipping

  type DiscountCodeNode {
    id: ID!
    codeDiscount: DiscountCode!
  }

  enum DiscountErrorCode {
    BLANK
    INVALID
    TAKEN
    VALUE_OUTSIDE_RANGE
  }

  type DiscountUserError {
    field: [String!]
    message: String!
    code: DiscountErrorCode
  }

  type UserError {
    field: [String!]
    message: String!
  }

  enum DiscountBuyerSelection {
    ALL
  }

  input DiscountCustomersInput {
    add: [ID!]
    remove: [ID!]
  }

  input DiscountContextInput {
    all: DiscountBuyerSelection
    customers: DiscountCustomersInput
  }

  input DiscountAmountInput {
    amount: Decimal
    appliesOnEachItem: Boolean
  }

  input DiscountCustomerGetsValueInput {
    percentage: Float
    discountAmount: DiscountAmountInput
  }

  input DiscountProductsInput {
    productsToAdd: [ID!]
    productVariantsToAdd: [ID!]
  }

  input DiscountCollectionsInput {
    add: [ID!]
  }

  input DiscountItemsInput {
    all: Boolean
    products: DiscountProductsInput
    collections: DiscountCollectionsInput
  }

  input DiscountCustomerGetsInput {
    value: DiscountCustomerGetsValueInput
    items: DiscountItemsInput
  }

  input DiscountMinimumSubtotalInput {
    greaterThanOrEqualToSubtotal: Decimal
  }

  input DiscountMinimumRequirementInput {
    subtotal: DiscountMinimumSubtotalInput
  }

  input DiscountCodeBasicInput {
    ${CODE_INPUT_FIELDS}
    customerGets: DiscountCustomerGetsInput
  }

  input DiscountShippingDestinationSelectionInput {
    all: Boolean
  }

  input DiscountCodeFreeShippingInput {
    ${CODE_INPUT_FIELDS}
    destination: DiscountShippingDestinationSelectionInput
  }

  type DiscountCodeBasicCreatePayload {
    codeDiscountNode: DiscountCodeNode
    userErrors: [DiscountUserError!]!
  }

  type DiscountCodeFreeShippingCreatePayload {
    codeDiscountNode: DiscountCodeNode
    userErrors: [DiscountUserError!]!
  }

  type DiscountCodeDeactivatePayload {
    codeDiscountNode: DiscountCodeNode
    userErrors: [DiscountUserError!]!
  }

  enum WebhookSubscriptionTopic {
    APP_UNINSTALLED
    CUSTOMERS_CREATE
    CUSTOMERS_DELETE
    CUSTOMERS_UPDATE
    ORDERS_CANCELLED
    ORDERS_CREATE
    ORDERS_PAID
    ORDERS_UPDATED
    PRODUCTS_CREATE
    PRODUCTS_DELETE
    PRODUCTS_UPDATE
    REFUNDS_CREATE
  }

  enum WebhookSubscriptionFormat {
    JSON
    XML
  }

  input WebhookSubscriptionInput {
    uri: String
    format: WebhookSubscriptionFormat
  }

  type WebhookSubscription {
    id: ID!
    topic: WebhookSubscriptionTopic!
    uri: String!
  }

  type WebhookSubscriptionConnection {
    nodes: [WebhookSubscription!]!
  }

  type WebhookSubscriptionCreatePayload {
    webhookSubscription: WebhookSubscription
    userErrors: [UserError!]!
  }

  type MoneyV2 {
    amount: Decimal!
    currencyCode: CurrencyCode!
  }

  type MoneyBag {
    shopMoney: MoneyV2!
  }

  enum OrderDisplayFinancialStatus {
    AUTHORIZED
    EXPIRED
    PAID
    PARTIALLY_PAID
    PARTIALLY_REFUNDED
    PENDING
    REFUNDED
    VOIDED
  }

  type Order implements Node {
    id: ID!
    name: String!
    email: String
    createdAt: DateTime!
    updatedAt: DateTime!
    cancelledAt: DateTime
    currencyCode: CurrencyCode!
    displayFinancialStatus: OrderDisplayFinancialStatus
    sourceName: String
    discountCodes: [String!]!
    subtotalPriceSet: MoneyBag
    totalPriceSet: MoneyBag!
    totalTaxSet: MoneyBag
    totalDiscountsSet: MoneyBag
    totalShippingPriceSet: MoneyBag!
  }

  type OrderEdge {
    node: Order!
  }

  type OrderConnection {
    edges: [OrderEdge!]!
    nodes: [Order!]!
  }

  type CustomerEmailAddress {
    emailAddress: String!
  }

  type Customer implements Node {
    id: ID!
    firstName: String
    lastName: String
    defaultEmailAddress: CustomerEmailAddress
    tags: [String!]!
    createdAt: DateTime!
    updatedAt: DateTime!
    orders(first: Int, query: String): OrderConnection!
  }

  type CustomerEdge {
    node: Customer!
  }

  type CustomerConnection {
    edges: [CustomerEdge!]!
    nodes: [Customer!]!
  }

  enum BulkOperationStatus {
    CANCELED
    CANCELING
    COMPLETED
    CREATED
    EXPIRED
    FAILED
    RUNNING
  }

  enum BulkOperationType {
    MUTATION
    QUERY
  }

  enum BulkOperationErrorCode {
    ACCESS_DENIED
    INTERNAL_SERVER_ERROR
    TIMEOUT
  }

  type BulkOperation implements Node {
    id: ID!
    status: BulkOperationStatus!
    type: BulkOperationType!
    errorCode: BulkOperationErrorCode
    createdAt: DateTime!
    completedAt: DateTime
    objectCount: UnsignedInt64!
    rootObjectCount: UnsignedInt64!
    fileSize: UnsignedInt64
    url: URL
    partialDataUrl: URL
    query: String!
  }

  enum BulkOperationUserErrorCode {
    INVALID
    LIMIT_REACHED
    OPERATION_IN_PROGRESS
  }

  type BulkOperationUserError {
    field: [String!]
    message: String!
    code: BulkOperationUserErrorCode
  }

  type BulkOperationEdge {
    node: BulkOperation!
  }

  type BulkOperationConnection {
    edges: [BulkOperationEdge!]!
    nodes: [BulkOperation!]!
  }

  enum BulkOperationsSortKeys {
    COMPLETED_AT
    CREATED_AT
  }

  type BulkOperationRunQueryPayload {
    bulkOperation: BulkOperation
    userErrors: [BulkOperationUserError!]!
  }

  type Query {
    shop: Shop!
    customers(first: Int, query: String): CustomerConnection!
    bulkOperations(
      after: String
      before: String
      first: Int
      last: Int
      query: String
      reverse: Boolean = false
      sortKey: BulkOperationsSortKeys = CREATED_AT
    ): BulkOperationConnection!
    node(id: ID!): Node
    codeDiscountNodeByCode(code: String!): DiscountCodeNode
    webhookSubscriptions(first: Int, topics: [WebhookSubscriptionTopic!]): WebhookSubscriptionConnection!
  }

  type Mutation {
    bulkOperationRunQuery(query: String!, groupObjects: Boolean! = false): BulkOperationRunQueryPayload
    discountCodeBasicCreate(basicCodeDiscount: DiscountCodeBasicInput!): DiscountCodeBasicCreatePayload
    discountCodeFreeShippingCreate(freeShippingCodeDiscount: DiscountCodeFreeShippingInput!): DiscountCodeFreeShippingCreatePayload
    discountCodeDeactivate(id: ID!): DiscountCodeDeactivatePayload
    webhookSubscriptionCreate(topic: WebhookSubscriptionTopic!, webhookSubscription: WebhookSubscriptionInput!): WebhookSubscriptionCreatePayload
  }
`);
