import { lexicographicSortSchema } from 'graphql';
import { builder } from './builder.ts';
import './errors.ts';
import './user.ts';
import './company.ts';
import './viewer.ts';
import './account.ts';
import './board.ts';
import './idea.ts';
import './comment.ts';
import './release.ts';
import './company-user.ts';
import './plan.ts';
import './payment.ts';
import './api-key.ts';
import './test-email.ts';
import './board-ideas.ts';
import './similar-ideas.ts';
import './webhook-delivery.ts';
import './webhook.ts';

/** The whole GraphQL schema; `npm run schema:print` writes it to schema.graphql. */
export const schema = lexicographicSortSchema(builder.toSchema());
