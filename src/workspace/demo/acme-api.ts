/**
 * The demo "Acme API" OpenAPI 3.0 document. The embedded server serves it at
 * `/demo/openapi/acme-api.json`, so the demo spec pointing there can really be (re)processed.
 */

const idParam = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});

const pageParams = [
  {
    name: 'page',
    in: 'query',
    required: false,
    description: 'Opaque token of the page to fetch, from `next.page` of the previous response.',
    schema: { type: 'string' },
  },
  {
    name: 'limit',
    in: 'query',
    required: false,
    description: 'Results per page.',
    schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  },
];

const errorResponses = {
  '400': { $ref: '#/components/responses/BadRequest' },
  '401': { $ref: '#/components/responses/Unauthorized' },
};

const notFoundResponse = { '404': { $ref: '#/components/responses/NotFound' } };

const json = (schema: Record<string, unknown>) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const page = (name: string) => ({
  type: 'object',
  required: ['items'],
  properties: {
    items: { type: 'array', items: ref(name) },
    next: { type: 'object', properties: { page: { type: 'string' } } },
  },
});

export const acmeApiDocument = {
  openapi: '3.0.3',
  info: {
    title: 'Acme API',
    version: '2.4.0',
    description:
      'Manage the products, customers, orders and webhooks of an Acme store. All requests are authenticated with a bearer API key.',
    contact: { name: 'Acme developer support', email: 'developers@acme.test' },
    license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
  },
  servers: [{ url: 'https://api.acme.test/v2', description: 'Production' }],
  security: [{ apiKey: [] }],
  tags: [
    { name: 'Products', description: 'The catalog.' },
    { name: 'Customers', description: 'People who buy.' },
    { name: 'Orders', description: 'Purchases and their lifecycle.' },
    { name: 'Webhooks', description: 'Event subscriptions.' },
  ],
  paths: {
    '/products': {
      get: {
        operationId: 'listProducts',
        tags: ['Products'],
        summary: 'List products',
        parameters: [
          ...pageParams,
          {
            name: 'category',
            in: 'query',
            required: false,
            description: 'Only products of this category.',
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': { description: 'A page of products.', content: json(page('Product')) },
          ...errorResponses,
        },
      },
      post: {
        operationId: 'createProduct',
        tags: ['Products'],
        summary: 'Create a product',
        requestBody: { required: true, content: json(ref('ProductInput')) },
        responses: {
          '201': { description: 'The created product.', content: json(ref('Product')) },
          ...errorResponses,
        },
      },
    },
    '/products/{productId}': {
      parameters: [idParam('productId', 'Identifier of the product.')],
      get: {
        operationId: 'getProduct',
        tags: ['Products'],
        summary: 'Get a product',
        responses: {
          '200': { description: 'The product.', content: json(ref('Product')) },
          ...errorResponses,
          ...notFoundResponse,
        },
      },
      patch: {
        operationId: 'updateProduct',
        tags: ['Products'],
        summary: 'Update a product',
        requestBody: { required: true, content: json(ref('ProductInput')) },
        responses: {
          '200': { description: 'The updated product.', content: json(ref('Product')) },
          ...errorResponses,
          ...notFoundResponse,
        },
      },
      delete: {
        operationId: 'deleteProduct',
        tags: ['Products'],
        summary: 'Delete a product',
        responses: { '204': { description: 'Deleted.' }, ...errorResponses },
      },
    },
    '/customers': {
      get: {
        operationId: 'listCustomers',
        tags: ['Customers'],
        summary: 'List customers',
        parameters: [
          ...pageParams,
          {
            name: 'email',
            in: 'query',
            required: false,
            description: 'Only the customer with this email address.',
            schema: { type: 'string', format: 'email' },
          },
        ],
        responses: {
          '200': { description: 'A page of customers.', content: json(page('Customer')) },
          ...errorResponses,
        },
      },
      post: {
        operationId: 'createCustomer',
        tags: ['Customers'],
        summary: 'Create a customer',
        requestBody: { required: true, content: json(ref('CustomerInput')) },
        responses: {
          '201': { description: 'The created customer.', content: json(ref('Customer')) },
          ...errorResponses,
        },
      },
    },
    '/customers/{customerId}': {
      parameters: [idParam('customerId', 'Identifier of the customer.')],
      get: {
        operationId: 'getCustomer',
        tags: ['Customers'],
        summary: 'Get a customer',
        responses: {
          '200': { description: 'The customer.', content: json(ref('Customer')) },
          ...errorResponses,
          ...notFoundResponse,
        },
      },
    },
    '/orders': {
      get: {
        operationId: 'listOrders',
        tags: ['Orders'],
        summary: 'List orders',
        parameters: [
          ...pageParams,
          {
            name: 'status',
            in: 'query',
            required: false,
            description: 'Only orders in this status.',
            schema: ref('OrderStatus'),
          },
        ],
        responses: {
          '200': { description: 'A page of orders.', content: json(page('Order')) },
          ...errorResponses,
        },
      },
      post: {
        operationId: 'createOrder',
        tags: ['Orders'],
        summary: 'Place an order',
        requestBody: { required: true, content: json(ref('OrderInput')) },
        responses: {
          '201': { description: 'The placed order.', content: json(ref('Order')) },
          ...errorResponses,
        },
      },
    },
    '/orders/{orderId}': {
      parameters: [idParam('orderId', 'Identifier of the order.')],
      get: {
        operationId: 'getOrder',
        tags: ['Orders'],
        summary: 'Get an order',
        responses: {
          '200': { description: 'The order.', content: json(ref('Order')) },
          ...errorResponses,
          ...notFoundResponse,
        },
      },
    },
    '/orders/{orderId}/cancel': {
      parameters: [idParam('orderId', 'Identifier of the order.')],
      post: {
        operationId: 'cancelOrder',
        tags: ['Orders'],
        summary: 'Cancel an order',
        description: 'Only orders that have not shipped yet can be cancelled.',
        responses: {
          '200': { description: 'The cancelled order.', content: json(ref('Order')) },
          '409': { description: 'The order has already shipped.', content: json(ref('Error')) },
          ...errorResponses,
          ...notFoundResponse,
        },
      },
    },
    '/webhooks': {
      get: {
        operationId: 'listWebhooks',
        tags: ['Webhooks'],
        summary: 'List webhook endpoints',
        responses: {
          '200': { description: 'A page of endpoints.', content: json(page('Webhook')) },
          ...errorResponses,
        },
      },
      post: {
        operationId: 'createWebhook',
        tags: ['Webhooks'],
        summary: 'Subscribe an endpoint to events',
        requestBody: { required: true, content: json(ref('WebhookInput')) },
        responses: {
          '201': { description: 'The endpoint.', content: json(ref('Webhook')) },
          ...errorResponses,
        },
      },
    },
    '/webhooks/{webhookId}': {
      parameters: [idParam('webhookId', 'Identifier of the webhook endpoint.')],
      delete: {
        operationId: 'deleteWebhook',
        tags: ['Webhooks'],
        summary: 'Remove a webhook endpoint',
        responses: { '204': { description: 'Removed.' }, ...errorResponses },
      },
    },
  },
  components: {
    securitySchemes: {
      apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from the dashboard.' },
    },
    responses: {
      BadRequest: { description: 'The request is invalid.', content: json(ref('Error')) },
      Unauthorized: {
        description: 'The API key is missing or wrong.',
        content: json(ref('Error')),
      },
      NotFound: { description: 'No such resource.', content: json(ref('Error')) },
    },
    schemas: {
      Error: {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { type: 'integer' }, message: { type: 'string' } },
      },
      Money: {
        type: 'object',
        required: ['amount', 'currency'],
        properties: {
          amount: { type: 'integer', description: 'Amount in the smallest currency unit.' },
          currency: { type: 'string', example: 'EUR', minLength: 3, maxLength: 3 },
        },
      },
      ProductInput: {
        type: 'object',
        required: ['name', 'price'],
        properties: {
          name: { type: 'string', maxLength: 200 },
          description: { type: 'string' },
          category: { type: 'string' },
          price: ref('Money'),
          active: { type: 'boolean', default: true },
        },
      },
      Product: {
        allOf: [
          ref('ProductInput'),
          {
            type: 'object',
            required: ['id', 'createdAt'],
            properties: {
              id: { type: 'string', example: 'prod_8f2k' },
              createdAt: { type: 'string', format: 'date-time' },
            },
          },
        ],
      },
      CustomerInput: {
        type: 'object',
        required: ['email'],
        properties: {
          email: { type: 'string', format: 'email' },
          name: { type: 'string' },
          phone: { type: 'string' },
        },
      },
      Customer: {
        allOf: [
          ref('CustomerInput'),
          {
            type: 'object',
            required: ['id'],
            properties: { id: { type: 'string', example: 'cus_31x9' } },
          },
        ],
      },
      OrderStatus: {
        type: 'string',
        enum: ['pending', 'paid', 'shipped', 'delivered', 'cancelled'],
      },
      OrderLine: {
        type: 'object',
        required: ['product', 'quantity'],
        properties: {
          product: { type: 'string', description: 'Product id.' },
          quantity: { type: 'integer', minimum: 1 },
        },
      },
      OrderInput: {
        type: 'object',
        required: ['customer', 'lines'],
        properties: {
          customer: { type: 'string', description: 'Customer id.' },
          lines: { type: 'array', items: ref('OrderLine'), minItems: 1 },
        },
      },
      Order: {
        type: 'object',
        required: ['id', 'status', 'customer', 'lines', 'total'],
        properties: {
          id: { type: 'string', example: 'ord_55qa' },
          status: ref('OrderStatus'),
          customer: { type: 'string' },
          lines: { type: 'array', items: ref('OrderLine') },
          total: ref('Money'),
          createdAt: { type: 'string', format: 'date-time' },
        },
      },
      WebhookInput: {
        type: 'object',
        required: ['url', 'events'],
        properties: {
          url: { type: 'string', format: 'uri' },
          events: {
            type: 'array',
            items: { type: 'string', enum: ['order.paid', 'order.shipped', 'order.cancelled'] },
          },
        },
      },
      Webhook: {
        allOf: [
          ref('WebhookInput'),
          {
            type: 'object',
            required: ['id', 'secret'],
            properties: {
              id: { type: 'string' },
              secret: { type: 'string', description: 'Signs the deliveries (HMAC-SHA256).' },
            },
          },
        ],
      },
    },
  },
} as const;
