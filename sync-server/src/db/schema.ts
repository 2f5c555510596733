/**
 * Table types for Kysely (STYLE.md: Kysely's example app): one `XTable` per
 * table, combined in `Database`. Columns are snake_case; mappers turn rows
 * into camelCase DTOs at the edge.
 */
import type { AdStatus, AnalyticsAction } from '@campus/shared/ad-rules';
import type { NotificationType } from '@campus/shared/notifications-api';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type { NotificationType };

interface CampusTable {
  id: string;
  name: string;
  short_name: string;
  email_domains: string; // JSON array
  city: string | null;
  state: string | null;
  country: string;
  launch_date: string | null;
  logo_url: string;
  privacy: 'private' | 'public';
  host_names: string; // JSON array
  color: string;
  is_generic: number;
  created_at: string;
}

interface UserTable {
  id: string;
  campus_id: string;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  password_hash: string | null;
  school_email: string | null;
  grad_year: number | null;
  phone: string | null;
  img: string | null;
  bio: Generated<string>;
  birth_month: number | null;
  birth_day: number | null;
  birth_year: number | null;
  gender: 'male' | 'female' | 'other' | null;
  profile_set_up: Generated<number>;
  getting_started: Generated<number>;
  verified: Generated<number>;
  school_verified: Generated<number>;
  school_verified_at: string | null;
  type: Generated<string>;
  email_notifications: Generated<number>;
  available_funds: Generated<number>;
  total_posts: Generated<number>;
  created_at: string;
  last_modified: string;
}

export interface PostTable {
  id: string;
  campus_id: string;
  user_id: string;
  type: Generated<'post' | 'new user'>;
  text_json: string;
  text_plain: Generated<string>;
  category: string | null;
  price: number | null;
  parent_id: string | null;
  /** The thread's top-level post (issue 36): null on a top-level post, set on every comment. */
  root_id: Generated<string | null>;
  comment_count: Generated<number>;
  save_count: Generated<number>;
  img_count: Generated<number>;
  is_sold: Generated<number>;
  edited_at: string | null;
  created_at: string;
  last_modified: string;
}

interface PostMediaTable {
  id: string;
  post_id: string;
  kind: 'image' | 'video';
  position: number;
  path: string;
  thumb_path: string;
  width: number;
  height: number;
  placeholder: string | null;
  created_at: string;
}

interface SaveTable {
  post_id: string;
  user_id: string;
  created_at: string;
}

/** Whose kept rows (session, saves, blocks) changed, for every server's read caches (db/read-cache.ts). */
interface ViewerChangeTable {
  seq: Generated<number>;
  user_id: string;
}

interface SessionTable {
  id: string;
  user_id: string;
  expires_at: number;
  created_at: string;
}

interface VerificationCodeTable {
  id: string;
  user_id: string;
  action: 'verify user' | 'verify school' | 'change email';
  email: string;
  campus_id: string | null;
  code: number;
  attempts: Generated<number>;
  created_at: number;
}

interface EmailTokenTable {
  id: string;
  purpose: 'sign in' | 'reset password';
  email: string;
  campus_id: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** A single-use token carrying a sign-in to another campus's site (decision 042). */
interface SiteHandoffTable {
  id: string;
  user_id: string;
  campus_id: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

interface OauthAccountTable {
  provider: string;
  provider_user_id: string;
  user_id: string;
  created_at: string;
}

export interface MailLogTable {
  id: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  /** The List-* headers received, as a JSON object (decision 033). */
  headers: Generated<string>;
  created_at: string;
}

export interface UploadTable {
  id: string;
  user_id: string;
  campus_id: string;
  kind: 'image' | 'video';
  mime: string;
  bytes: number;
  path: string;
  thumb_path: string;
  width: number;
  height: number;
  placeholder: string | null;
  post_id: string | null;
  /** The chat whose message shows it (issue 6): claimed like post_id. */
  chat_id: Generated<string | null>;
  created_at: string;
}

interface DeletedPostTable {
  id: string;
  campus_id: string;
  deleted_at: string;
}

interface BlockTable {
  blocker_id: string;
  blocked_id: string;
  created_at: string;
}

interface ReportTable {
  id: string;
  reporter_id: string;
  reported_user_id: string;
  reason: string;
  created_at: string;
}

interface MutationReceiptTable {
  user_id: string;
  id: string;
  method: string;
  path: string;
  state: 'pending' | 'done';
  boot_id: string;
  status: number | null;
  body: string | null;
  created_at: string;
}

export interface ChangeTable {
  seq: Generated<number>;
  campus_id: string;
  user_id: string | null;
  kind: 'post' | 'saved' | 'chat';
  /** Null for a 'chat' row. */
  post_id: string | null;
  parent_id: string | null;
  /** Set only on a 'chat' row (issue 6): that member's inbox changed. */
  chat_id: string | null;
  is_deleted: Generated<number>;
  created_at: Generated<string>;
}

interface ChatTable {
  id: string;
  campus_id: string;
  /** The member who started it (spec 2 §3 from_user); to_user_id is the other. */
  from_user_id: string;
  to_user_id: string;
  /** Both user ids, sorted and joined: unique per campus (one chat per pair). */
  pair_key: string;
  last_message: string | null;
  last_message_id: string | null;
  last_message_author_id: string | null;
  created_at: string;
  last_modified: string;
  /** The chat_updates seq up to which the columns above are written (chat-inbox-queue.ts). */
  inbox_seq: Generated<number>;
}

interface ChatMemberTable {
  chat_id: string;
  user_id: string;
  has_unread: Generated<number>;
  read_message_id: string | null;
}

/** The append log of a chat's Y.Doc; compaction leaves one snapshot row. */
interface ChatUpdateTable {
  seq: Generated<number>;
  chat_id: string;
  /** One Yjs update, or `update_count` of them each after its lib0 varUint length (chat-update-log.ts). */
  update: Uint8Array;
  update_count: Generated<number>;
  created_at: string;
}

/** spec 2 §3 Notification, one row per recipient and merge key (decision 032). */
interface NotificationTable {
  id: string;
  campus_id: string;
  to_user_id: string;
  type: NotificationType;
  /** '{type}:{post, comment or chat id}': a later action with the same key updates the row. */
  merge_key: string;
  /** The latest actor. */
  from_user_id: string;
  /** How many actions the row stands for (decision 032). */
  actor_count: Generated<number>;
  /** The top-level post to open. */
  post_id: string | null;
  /** The comment to open ('comment', 'comment reply'); the row goes with it. */
  comment_id: string | null;
  chat_id: string | null;
  /** A preview of the comment or message. */
  message: string | null;
  is_read: Generated<number>;
  created_at: string;
  updated_at: string;
  /** The `updated_at` the row had when it was mailed or skipped (decision 033); null: never. */
  mailed_at: string | null;
}

/** Who may have new unread counts, for the change hub (migration 2026-11-25T1000). */
interface UnreadChangeTable {
  seq: Generated<number>;
  user_id: string;
}

/** One device's push endpoint (issue 21, decision 034); goes with its session. */
interface PushSubscriptionTable {
  id: string;
  /** The push service's URL for this device: unique, a re-subscribe replaces the row. */
  endpoint: string;
  /** The device's P-256 public key and 16-byte auth secret, base64url (RFC 8291). */
  p256dh: string;
  auth: string;
  user_id: string;
  campus_id: string;
  session_id: string;
  created_at: string;
}

/** Notification rows waiting to be pushed, written by triggers (migration 2026-11-26T1100). */
interface PushDeliveryTable {
  seq: Generated<number>;
  notification_id: string;
}

/** spec 2 §3 Popular search, per campus (migration 2026-11-27T1000, decision 035). */
interface PopularSearchTable {
  id: string;
  campus_id: string;
  /** Folded (trimmed, lower case, single spaces), so 'Bike' and 'bike ' count as one. */
  text: string;
  total_views: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Who may be found differently now, for the people index (migration 2026-11-27T1000). */
interface SearchUserChangeTable {
  seq: Generated<number>;
  user_id: string;
}

/** A notification fan-out to run after its action's commit (migration 2026-11-26T1200, decision 032). */
interface NotificationJobTable {
  id: Generated<number>;
  kind: 'comment fan-out';
  /** The new comment; the job goes with it. */
  comment_id: string;
  /** Its top-level post. */
  post_id: string;
  /** Failed runs so far. */
  attempts: Generated<number>;
  created_at: string;
}

/** A boost (spec 3 §3 Ad; migration 2026-11-28T1000, decision 040): cents and epoch milliseconds. */
export interface AdTable {
  id: string;
  campus_id: string;
  user_id: string;
  post_id: string;
  title: string;
  status: AdStatus;
  cta_type: 'website' | 'message';
  cta_url: string | null;
  cta_label: string | null;
  targeting_json: Generated<string>;
  duration_minutes: number;
  amount_budgeted: number;
  total_spent: Generated<number>;
  run_until_pause: Generated<number>;
  start_time: number | null;
  end_time_adjusted: number | null;
  paused_at: number | null;
  time_paused: Generated<number>;
  ended_at: number | null;
  /** 'payment_failed': a run-until-paused day could not be charged (migration 2026-11-29T1000). */
  stop_reason: 'payment_failed' | null;
  last_charged_at: number | null;
  payment_id: string | null;
  checkout_session_id: string | null;
  checkout_amount: Generated<number>;
  funds_applied: Generated<number>;
  stripe_customer_id: string | null;
  stripe_payment_method_id: string | null;
  deleted_at: string | null;
  created_at: string;
  last_modified: string;
}

/** The money ledger (decision 040): every amount charged through Stripe or moved in or out of Available Funds. */
export interface AdChargeTable {
  id: string;
  user_id: string;
  campus_id: string;
  ad_id: string;
  kind: 'stripe_payment' | 'funds_drawn' | 'funds_credited' | 'funds_returned';
  amount: number;
  stripe_id: string | null;
  /** The run-until-paused day (1, 2, …) this payment or draw pays for. */
  covers_day: number | null;
  created_at: number;
}

/** spec 3 §7 trackPostAnalytics: an action counted once per post, page view and viewer (decision 040). */
interface PostAnalyticsTable {
  post_id: string;
  action: AnalyticsAction;
  /** The user's id, or `ip:<address>` for a visitor. */
  viewer_key: string;
  page_view_id: string;
  created_at: string;
}

/** Stripe webhook events applied (decision 041): each once. */
interface StripeEventTable {
  id: string;
  type: string;
  received_at: string;
}

/** The built-in test-mode checkout's sessions (decision 041): kept across restarts, as Stripe keeps them. */
interface TestCheckoutSessionTable {
  id: string;
  ad_id: string;
  user_id: string;
  amount_cents: number;
  success_url: string;
  cancel_url: string;
  save_card: Generated<number>;
  is_paid: Generated<number>;
  created_at: string;
}

/** Test-mode saved-card charges by idempotency key: a retried day is the same charge, after a restart too. */
interface TestCheckoutChargeTable {
  idempotency_key: string;
  payment_intent_id: string;
  created_at: string;
}

export interface Database {
  campuses: CampusTable;
  users: UserTable;
  posts: PostTable;
  post_media: PostMediaTable;
  saves: SaveTable;
  sessions: SessionTable;
  viewer_changes: ViewerChangeTable;
  verification_codes: VerificationCodeTable;
  email_tokens: EmailTokenTable;
  site_handoffs: SiteHandoffTable;
  oauth_accounts: OauthAccountTable;
  mail_log: MailLogTable;
  uploads: UploadTable;
  deleted_posts: DeletedPostTable;
  blocks: BlockTable;
  reports: ReportTable;
  mutation_receipts: MutationReceiptTable;
  changes: ChangeTable;
  chats: ChatTable;
  chat_members: ChatMemberTable;
  chat_updates: ChatUpdateTable;
  notifications: NotificationTable;
  unread_changes: UnreadChangeTable;
  push_subscriptions: PushSubscriptionTable;
  push_deliveries: PushDeliveryTable;
  popular_searches: PopularSearchTable;
  search_user_changes: SearchUserChangeTable;
  notification_jobs: NotificationJobTable;
  ads: AdTable;
  ad_charges: AdChargeTable;
  stripe_events: StripeEventTable;
  test_checkout_sessions: TestCheckoutSessionTable;
  test_checkout_charges: TestCheckoutChargeTable;
  post_analytics: PostAnalyticsTable;
}

export type UserRow = Selectable<UserTable>;
export type InsertableUserRow = Insertable<UserTable>;
export type UpdateableUserRow = Updateable<UserTable>;
export type PostRow = Selectable<PostTable>;
export type InsertablePostRow = Insertable<PostTable>;
export type PostMediaRow = Selectable<PostMediaTable>;
export type InsertablePostMediaRow = Insertable<PostMediaTable>;
export type AdRow = Selectable<AdTable>;
