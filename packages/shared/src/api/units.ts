import { z } from 'zod';
import {
  customSubtypeSchema,
  descriptionField,
  unitNameField,
  unitSchema,
  unitTypeSchema,
} from '../dataApps/entities.ts';
import { visSchema } from '../dataApps/vis.ts';
import { projectRule } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { idParams } from '../http/ids.ts';

/** Cards (spec 2 §7 "Units"). Their data calls come with the query issue. */

export const getUnit = endpoint({
  method: 'GET',
  path: '/api/v1/units/:id',
  access: projectRule({ area: 'dashboard', level: 'view' }, 'unit'),
  params: idParams,
  response: unitSchema,
});

/**
 * Saves a card: its name and description (card header, description box), its type (chooser), subtype (custom
 * cards only) and vis (mapping). The web sends "the unit without its data": fields outside this list (_id,
 * tabId, data...) are ignored, not refused.
 */
export const updateUnit = endpoint({
  method: 'PUT',
  path: '/api/v1/units/:id',
  access: projectRule({ area: 'dashboard', level: 'edit' }, 'unit'),
  params: idParams,
  body: z.object({
    name: unitNameField.optional(),
    description: descriptionField.optional(),
    type: unitTypeSchema.nullable().optional(),
    subtype: customSubtypeSchema.nullable().optional(),
    vis: visSchema.optional(),
  }),
  response: unitSchema,
});
