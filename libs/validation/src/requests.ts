// Schemas of the product API's request bodies (spec section 7). Bodies are strict: an unknown
// key such as owner, role or id is refused, so a client can never assign fields it should not.
import {
  ASSIGNABLE_ROLES,
  DEFAULT_INVITE,
  INVITE_MAX_EXPIRES_IN_HOURS,
  INVITE_MAX_USES,
  INVITE_ROLES,
  PLAYER_SORT_COLUMNS,
  PLAYERS_MAX_PAGE_SIZE,
  PLAYERS_PAGE_SIZE,
  SORT_ORDERS,
  DEFAULT_PLAYER_SORT,
} from '@outpost/contracts';
import { z } from 'zod';
import {
  connectionAddressSchema,
  descriptionSchema,
  gradientSchema,
  networkNameSchema,
  serverNameSchema,
} from './fields';
import { inviteCodeSchema } from './invite-code';
import { MESSAGES } from './messages';
import { CONTROL_CHARACTERS_MESSAGE, NO_CONTROL_CHARACTERS } from './edge';
import { first, text } from './text';
import { usernameSchema } from './username';

const id = (required: string) => text(required).trim().min(1, first(required));
const flag = z.boolean({ error: MESSAGES.notifications });
const wholeNumber = (min: number, max: number, error: string) =>
  z.number({ error }).int({ error }).min(min, { error }).max(max, { error });

export const notificationsSchema = z.strictObject({
  serverOffline: flag.optional(),
  newMembers: flag.optional(),
});

export const createNetworkSchema = z.strictObject({
  name: networkNameSchema,
  description: descriptionSchema.optional(),
  gradient: gradientSchema.optional(),
});

export const updateNetworkSchema = z.strictObject({
  name: networkNameSchema.optional(),
  description: descriptionSchema.optional(),
  gradient: gradientSchema.optional(),
  notifications: notificationsSchema.optional(),
});

/** The Settings tab's form (spec section 3): every field present, both toggles set. */
export const networkSettingsSchema = z.strictObject({
  networkName: networkNameSchema,
  description: descriptionSchema,
  notifications: z.strictObject({ serverOffline: flag, newMembers: flag }),
});

export const createServerSchema = z.strictObject({
  name: serverNameSchema,
  connectionAddress: connectionAddressSchema.optional(),
});

export const updateServerSchema = z.strictObject({
  name: serverNameSchema.optional(),
  connectionAddress: connectionAddressSchema.optional(),
  gradient: gradientSchema.optional(),
});

export const createInviteSchema = z.strictObject({
  networkId: id(MESSAGES.networkIdRequired),
  role: z.enum(INVITE_ROLES, { error: MESSAGES.inviteRole }).default('member'),
  maxUses: wholeNumber(1, INVITE_MAX_USES, MESSAGES.maxUses).default(DEFAULT_INVITE.maxUses),
  expiresInHours: wholeNumber(1, INVITE_MAX_EXPIRES_IN_HOURS, MESSAGES.expiresInHours).default(
    DEFAULT_INVITE.expiresInHours,
  ),
  metadata: z
    .strictObject({
      createdFrom: text(MESSAGES.inviteSourceInvalid)
        .trim()
        .max(50, first(MESSAGES.inviteSourceInvalid))
        .optional(),
    })
    .optional(),
});

export const joinInviteSchema = z.strictObject({ inviteCode: inviteCodeSchema });

/** Ownership is never handed over through a role change. */
export const updateMemberRoleSchema = z.strictObject({
  role: z.enum(ASSIGNABLE_ROLES, { error: MESSAGES.role }),
});

export const checkUsernameSchema = z.strictObject({ username: usernameSchema });

/** POST /api/users/check-username: the availability call answers instead of failing, so any text. */
export const usernameAvailabilitySchema = z.strictObject({
  username: z.string({ error: MESSAGES.usernameRequired }),
});

/** PUT/PATCH /api/users/me/username (username setup screen). */
export const setUsernameSchema = z.strictObject({ username: usernameSchema });

/** PATCH /api/users/me: the profile page. The e-mail is the sign-in identity and not editable. */
export const updateProfileSchema = z
  .strictObject({
    name: text(MESSAGES.profileNameInvalid)
      .trim()
      .min(1, first(MESSAGES.profileNameInvalid))
      .max(100, first(MESSAGES.profileNameInvalid))
      .regex(NO_CONTROL_CHARACTERS, first(CONTROL_CHARACTERS_MESSAGE))
      .optional(),
    avatar: text(MESSAGES.avatarInvalid)
      .trim()
      .max(2048, first(MESSAGES.avatarInvalid))
      .regex(/^https?:\/\/\S+$/, first(MESSAGES.avatarInvalid))
      .nullable()
      .optional(),
    username: usernameSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: MESSAGES.profileNothingToChange });

/** Query strings send empty values for unset filters; those mean "absent" (spec section 7). */
export const absentWhenEmpty = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema);

export const queryNumber = (min: number, max: number, error: string, fallback: number) =>
  absentWhenEmpty(
    z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback),
  );

/** GET /api/players. Unknown query keys are ignored (caches and tools add their own). */
export const playersQuerySchema = z.object({
  networkId: id(MESSAGES.networkIdRequired),
  serverId: absentWhenEmpty(text(MESSAGES.serverIdRequired).trim().optional()),
  search: absentWhenEmpty(
    text(MESSAGES.searchTooLong).trim().max(100, first(MESSAGES.searchTooLong)).optional(),
  ),
  page: queryNumber(1, Number.MAX_SAFE_INTEGER, MESSAGES.page, 1),
  limit: queryNumber(1, PLAYERS_MAX_PAGE_SIZE, MESSAGES.limit, PLAYERS_PAGE_SIZE),
  sortBy: absentWhenEmpty(
    z.enum(PLAYER_SORT_COLUMNS, { error: MESSAGES.sortBy }).default(DEFAULT_PLAYER_SORT.sortBy),
  ),
  sortOrder: absentWhenEmpty(
    z.enum(SORT_ORDERS, { error: MESSAGES.sortOrder }).default(DEFAULT_PLAYER_SORT.sortOrder),
  ),
});

/** GET /api/players/{steamId}: the network the profile is read in. Other keys are ignored. */
export const playerProfileQuerySchema = z.object({
  networkId: z
    .string({ error: MESSAGES.profileNetworkIdRequired })
    .trim()
    .min(1, { error: MESSAGES.profileNetworkIdRequired }),
});

export type CreateNetworkInput = z.output<typeof createNetworkSchema>;
export type UpdateNetworkInput = z.output<typeof updateNetworkSchema>;
export type NetworkSettingsInput = z.output<typeof networkSettingsSchema>;
export type CreateServerInput = z.output<typeof createServerSchema>;
export type UpdateServerInput = z.output<typeof updateServerSchema>;
export type CreateInviteInput = z.output<typeof createInviteSchema>;
export type JoinInviteInput = z.output<typeof joinInviteSchema>;
export type UpdateMemberRoleInput = z.output<typeof updateMemberRoleSchema>;
export type CheckUsernameInput = z.output<typeof checkUsernameSchema>;
export type UpdateProfileInput = z.output<typeof updateProfileSchema>;
export type PlayersQueryInput = z.output<typeof playersQuerySchema>;
