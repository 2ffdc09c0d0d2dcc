-- index admin_audit_time
CREATE INDEX admin_audit_time ON admin_audit (f_time);

-- index admin_lock_failures_user
CREATE INDEX admin_lock_failures_user ON admin_lock_failures (f_user_idx, f_time);

-- index area_likes_area
CREATE INDEX area_likes_area ON area_likes (f_area_idx, f_user_idx);

-- index community_comments_post
CREATE INDEX community_comments_post ON community_comments (f_community_idx, f_idx);

-- index community_posts_day
CREATE INDEX community_posts_day ON community_posts (f_user_idx, f_reg_day);

-- index community_posts_list
CREATE INDEX community_posts_list ON community_posts (f_removed_time, f_type, f_reg_time);

-- index dongs_site
CREATE INDEX dongs_site ON dongs (f_site_idx);

-- index edit_conflicts_open
CREATE INDEX edit_conflicts_open ON edit_conflicts (f_user_idx, f_kind, f_target_idx) WHERE resolved_at IS NULL;

-- index group_members_user
CREATE INDEX group_members_user ON group_members (f_user_idx);

-- index hos_dong
CREATE INDEX hos_dong ON hos (f_dong_idx, f_floor);

-- index hos_site
CREATE INDEX hos_site ON hos (f_site_idx);

-- index inquiries_user
CREATE INDEX inquiries_user ON inquiries (f_user_idx, f_idx);

-- index login_logs_time
CREATE INDEX login_logs_time ON login_logs (f_time);

-- index login_logs_user
CREATE INDEX login_logs_user ON login_logs (f_user_idx, f_time);

-- index map_changes_seq
CREATE UNIQUE INDEX map_changes_seq ON map_changes (f_seq);

-- index map_sites_cell
CREATE INDEX map_sites_cell
    ON map_sites (f_cell, f_latitude, f_longitude, f_reg_time, f_site_type, f_complete, f_lat_e6, f_lng_e6)
  ;

-- index map_sites_idx
CREATE INDEX map_sites_idx ON map_sites (f_idx, f_latitude, f_longitude, f_reg_time);

-- index notifications_auto
CREATE INDEX notifications_auto ON notifications (f_auto_enable) WHERE f_auto = 'Y';

-- index notifications_site
CREATE INDEX notifications_site ON notifications (f_site_idx);

-- index notifications_user
CREATE INDEX notifications_user ON notifications (f_user_idx, f_reg_time);

-- index notifications_user_site
CREATE INDEX notifications_user_site ON notifications (f_user_idx, f_site_idx, f_reg_time);

-- index notify_inbox_unread
CREATE INDEX notify_inbox_unread ON notify_inbox (f_user_idx, f_read);

-- index notify_inbox_user
CREATE INDEX notify_inbox_user ON notify_inbox (f_user_idx, f_send_time);

-- index payments_user
CREATE INDEX payments_user ON payments (f_user_idx, f_reg_time);

-- index phone_codes_phone
CREATE INDEX phone_codes_phone ON phone_codes (f_phone, created_at);

-- index phone_codes_time
CREATE INDEX phone_codes_time ON phone_codes (created_at);

-- index point_logs_user
CREATE INDEX point_logs_user ON point_logs (f_user_idx, f_idx);

-- index public_data_cache_expiry
CREATE INDEX public_data_cache_expiry ON public_data_cache (f_expires_at);

-- index push_deliveries_done
CREATE INDEX push_deliveries_done ON push_deliveries (f_done_time) WHERE f_state <> 'Q';

-- index push_deliveries_due
CREATE INDEX push_deliveries_due ON push_deliveries (f_due_time) WHERE f_state = 'Q';

-- index push_deliveries_subscription
CREATE INDEX push_deliveries_subscription ON push_deliveries (f_subscription_idx);

-- index reports_by_day
CREATE INDEX reports_by_day ON reports (f_report_day);

-- index reports_by_reporter
CREATE INDEX reports_by_reporter ON reports (f_user_idx, f_report_date);

-- index reports_by_result
CREATE INDEX reports_by_result ON reports (f_result_type, f_report_date);

-- index reports_once_a_day
CREATE UNIQUE INDEX reports_once_a_day
    ON reports (f_user_idx, f_site_idx, ifnull(f_ho_idx, 0), f_report_type, f_report_day);

-- index sessions_user
CREATE INDEX sessions_user ON sessions (f_user_idx, ended_at);

-- index site_contacts_site
CREATE INDEX site_contacts_site ON site_contacts (f_site_idx);

-- index site_inlay_files_site
CREATE INDEX site_inlay_files_site ON site_inlay_files (f_site_idx);

-- index site_likes_site
CREATE INDEX site_likes_site ON site_likes (f_site_idx);

-- index site_recent_views_time
CREATE INDEX site_recent_views_time ON site_recent_views (f_user_idx, f_view_time);

-- index site_rooms_site
CREATE INDEX site_rooms_site ON site_rooms (f_site_idx);

-- index site_shares_of_member
CREATE INDEX site_shares_of_member ON site_shares (f_user_idx, f_site_idx, f_idx);

-- index site_transfers_site
CREATE INDEX site_transfers_site ON site_transfers (f_site_idx, f_reg_time);

-- index sites_client_id
CREATE UNIQUE INDEX sites_client_id ON sites (f_client_id) WHERE f_client_id IS NOT NULL;

-- index sites_general_expiry
CREATE INDEX sites_general_expiry ON sites (f_remain_days_till_hide) WHERE f_site_type = 'G' AND f_status = 'N' AND f_hidden = 'N';

-- index sites_group
CREATE INDEX sites_group ON sites (f_group_idx);

-- index sites_owner
CREATE INDEX sites_owner ON sites (f_user_idx, f_status);

-- index sites_position
CREATE INDEX sites_position ON sites (f_latitude, f_longitude);

-- index sites_state
CREATE INDEX sites_state ON sites (f_status, f_hidden, f_complete);

-- index sync_clients_user
CREATE INDEX sync_clients_user ON sync_clients (f_user_idx);

-- index sync_conflicts_open
CREATE INDEX sync_conflicts_open ON sync_conflicts (f_user_idx, f_site_idx) WHERE resolved_at IS NULL;

-- index sync_feed_key
CREATE INDEX sync_feed_key ON sync_feed (entity, key);

-- index sync_feed_version
CREATE INDEX sync_feed_version ON sync_feed (f_user_idx, version, entity, key);

-- index sync_mutations_mutation
CREATE INDEX sync_mutations_mutation ON sync_mutations (client_id, mutation_id);

-- index sync_site_versions_units
CREATE INDEX sync_site_versions_units ON sync_site_versions (units_version, f_site_idx);

-- index sync_site_versions_version
CREATE INDEX sync_site_versions_version ON sync_site_versions (version, f_site_idx);

-- index usage_logs_user
CREATE INDEX usage_logs_user ON usage_logs (f_user_idx, f_idx);

-- index users_approval
CREATE INDEX users_approval ON users (f_approval, f_reg_time);

-- table admin_audit
CREATE TABLE admin_audit (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_admin_idx INTEGER REFERENCES users(f_idx) ON DELETE SET NULL,
      f_action TEXT NOT NULL,
      f_target_idx INTEGER REFERENCES users(f_idx) ON DELETE SET NULL,
      f_detail TEXT NOT NULL DEFAULT '{}',
      f_ip TEXT NOT NULL DEFAULT '',
      f_time TEXT NOT NULL
    );

-- table admin_lock_failures
CREATE TABLE admin_lock_failures (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_time TEXT NOT NULL,
      f_ip TEXT NOT NULL DEFAULT ''
    );

-- table ads
CREATE TABLE ads (
      f_idx INTEGER PRIMARY KEY CHECK (f_idx BETWEEN 1 AND 10),
      f_image_url TEXT NOT NULL DEFAULT '',
      f_connect_type TEXT NOT NULL DEFAULT '' CHECK (f_connect_type IN ('', 'S', 'C', 'I', 'L')),
      f_connect_value TEXT NOT NULL DEFAULT '',
      f_period_day INTEGER NOT NULL DEFAULT 0 CHECK (f_period_day >= 0),
      f_start_time TEXT,
      f_update_time TEXT
    );

-- table app_settings
CREATE TABLE app_settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    );

-- table area_likes
CREATE TABLE area_likes (
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_area_idx INTEGER NOT NULL REFERENCES areas(f_idx) ON DELETE CASCADE,
      f_reg_time TEXT NOT NULL,
      PRIMARY KEY (f_user_idx, f_area_idx)
    ) WITHOUT ROWID
  ;

-- table areas
CREATE TABLE areas (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_area TEXT NOT NULL,
      f_district TEXT NOT NULL,
      f_code TEXT NOT NULL,
      f_latitude REAL,
      f_longitude REAL,
      UNIQUE (f_area, f_district)
    );

-- table cert_answers
CREATE TABLE cert_answers (
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_question_idx INTEGER NOT NULL REFERENCES cert_questions(f_idx) ON DELETE CASCADE,
      f_answer INTEGER NOT NULL,
      f_answer_status TEXT NOT NULL CHECK (f_answer_status IN ('Y', 'N')),
      PRIMARY KEY (f_user_idx, f_question_idx)
    );

-- table cert_questions
CREATE TABLE cert_questions (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_question TEXT NOT NULL,
      f_answer_list TEXT NOT NULL,
      f_correct INTEGER NOT NULL,
      f_order INTEGER NOT NULL DEFAULT 0
    );

-- table community_blocks
CREATE TABLE "community_blocks" (
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_blocked_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_anony TEXT NOT NULL CHECK (f_anony IN ('Y', 'N')),
      f_reg_time TEXT NOT NULL,
      PRIMARY KEY (f_user_idx, f_blocked_user_idx, f_anony)
    );

-- table community_comments
CREATE TABLE community_comments (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_community_idx INTEGER NOT NULL REFERENCES community_posts(f_idx) ON DELETE CASCADE,
      f_comment TEXT NOT NULL,
      f_anony TEXT NOT NULL DEFAULT 'N' CHECK (f_anony IN ('Y', 'N')),
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_reg_time TEXT NOT NULL,
      f_update_time TEXT
    , f_version INTEGER NOT NULL DEFAULT 1);

-- table community_posts
CREATE TABLE community_posts (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_type TEXT NOT NULL CHECK (f_type IN ('N', 'S', 'W', 'R')),
      f_title TEXT NOT NULL,
      f_content TEXT NOT NULL,
      f_phone TEXT NOT NULL,
      f_anony TEXT NOT NULL DEFAULT 'N' CHECK (f_anony IN ('Y', 'N')),
      f_made TEXT NOT NULL DEFAULT 'N' CHECK (f_made IN ('Y', 'N')),
      f_made_until TEXT,
      f_push TEXT NOT NULL DEFAULT 'N' CHECK (f_push IN ('Y', 'N')),
      f_image_url TEXT NOT NULL DEFAULT '[]',
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_reg_time TEXT NOT NULL,
      f_reg_day TEXT NOT NULL,
      f_update_time TEXT,
      f_removed_time TEXT
    , f_version INTEGER NOT NULL DEFAULT 1);

-- table community_push_recipients
CREATE TABLE community_push_recipients (
      f_community_idx INTEGER NOT NULL REFERENCES community_posts(f_idx) ON DELETE CASCADE,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_reg_time TEXT NOT NULL,
      f_read_time TEXT,
      PRIMARY KEY (f_community_idx, f_user_idx)
    );

-- table community_reports
CREATE TABLE community_reports (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_community_idx INTEGER NOT NULL REFERENCES community_posts(f_idx) ON DELETE CASCADE,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_reg_time TEXT NOT NULL,
      UNIQUE (f_community_idx, f_user_idx)
    );

-- table dongs
CREATE TABLE dongs (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_site_idx INTEGER NOT NULL REFERENCES sites(f_idx) ON DELETE CASCADE,
      f_dong TEXT NOT NULL,
      f_floor_count INTEGER NOT NULL CHECK (f_floor_count BETWEEN 1 AND 30),
      f_units_per_floor INTEGER NOT NULL CHECK (f_units_per_floor BETWEEN 1 AND 300),
      f_editable TEXT NOT NULL DEFAULT 'Y' CHECK (f_editable IN ('Y', 'N')),
      f_order INTEGER NOT NULL DEFAULT 0
    );

-- table edit_conflicts
CREATE TABLE edit_conflicts (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_kind TEXT NOT NULL CHECK (f_kind IN ('post', 'comment', 'notification')),
      f_target_idx INTEGER NOT NULL,
      f_post_idx INTEGER,
      f_subject TEXT NOT NULL DEFAULT '',
      fields TEXT NOT NULL,
      mine TEXT NOT NULL,
      theirs TEXT NOT NULL,
      base TEXT NOT NULL,
      base_version INTEGER,
      theirs_version INTEGER NOT NULL,
      client_id TEXT,
      mutation_id TEXT,
      f_reg_time TEXT NOT NULL,
      resolved_at TEXT,
      resolution TEXT
    );

-- table group_members
CREATE TABLE group_members (
      f_group_idx INTEGER NOT NULL REFERENCES groups(f_idx) ON DELETE CASCADE,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_reg_time TEXT NOT NULL,
      f_last_visit TEXT,
      PRIMARY KEY (f_group_idx, f_user_idx)
    );

-- table groups
CREATE TABLE groups (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_name TEXT NOT NULL,
      f_owner_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_reg_time TEXT NOT NULL
    );

-- table hos
CREATE TABLE hos (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_site_idx INTEGER NOT NULL REFERENCES sites(f_idx) ON DELETE CASCADE,
      f_dong_idx INTEGER NOT NULL REFERENCES dongs(f_idx) ON DELETE CASCADE,
      f_floor INTEGER NOT NULL,
      f_ho TEXT NOT NULL,
      f_room INTEGER NOT NULL DEFAULT 0,
      f_toilet INTEGER NOT NULL DEFAULT 1,
      f_veranda INTEGER NOT NULL DEFAULT 0,
      f_utility_room INTEGER NOT NULL DEFAULT 0,
      f_duplex TEXT NOT NULL DEFAULT 'N',
      f_teras TEXT NOT NULL DEFAULT 'N',
      f_exclusive_size REAL NOT NULL DEFAULT 0,
      f_real_size REAL NOT NULL DEFAULT 0,
      f_memo TEXT NOT NULL DEFAULT '',
      f_image_urls TEXT NOT NULL DEFAULT '[]',
      f_complete TEXT NOT NULL DEFAULT 'N' CHECK (f_complete IN ('Y', 'N')),
      f_trans_type TEXT NOT NULL DEFAULT '',
      f_sale_price INTEGER NOT NULL DEFAULT 0,
      f_collateral_price INTEGER NOT NULL DEFAULT 0,
      f_charter_price INTEGER NOT NULL DEFAULT 0,
      f_investment_price INTEGER NOT NULL DEFAULT 0,
      f_monthly_rent_deposit INTEGER NOT NULL DEFAULT 0,
      f_monthly_rent INTEGER NOT NULL DEFAULT 0,
      f_inquire_price TEXT NOT NULL DEFAULT 'N',
      f_inquire_charter TEXT NOT NULL DEFAULT 'N',
      f_inquire_investment TEXT NOT NULL DEFAULT 'N',
      f_inquire_month TEXT NOT NULL DEFAULT 'N',
      f_safe_charter TEXT NOT NULL DEFAULT 'N',
      f_smb TEXT NOT NULL DEFAULT 'N'
    );

-- table inquiries
CREATE TABLE inquiries (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_type TEXT NOT NULL CHECK (f_type IN ('R', 'U', 'A', 'C', 'N', 'P', 'O')),
      f_title TEXT NOT NULL,
      f_content TEXT NOT NULL,
      f_secret TEXT NOT NULL DEFAULT 'N' CHECK (f_secret IN ('Y', 'N')),
      f_answer TEXT NOT NULL DEFAULT '',
      f_answer_time TEXT,
      f_answer_admin_idx INTEGER REFERENCES users(f_idx),
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_reg_time TEXT NOT NULL,
      f_update_time TEXT
    );

-- table job_runs
CREATE TABLE job_runs (
      f_name TEXT PRIMARY KEY,
      f_last_date TEXT NOT NULL,
      f_run_time TEXT NOT NULL
    );

-- table job_schedule
CREATE TABLE job_schedule (
      f_name TEXT PRIMARY KEY,
      f_due_time TEXT NOT NULL,
      f_claim TEXT,
      f_claim_until TEXT,
      f_last_start_time TEXT,
      f_last_duration_ms INTEGER,
      f_last_outcome TEXT CHECK (f_last_outcome IN ('ok', 'failed')),
      f_last_result TEXT
    );

-- table login_logs
CREATE TABLE login_logs (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_time TEXT NOT NULL,
      f_device_id TEXT NOT NULL,
      f_ip TEXT NOT NULL,
      f_user_agent TEXT NOT NULL DEFAULT '',
      f_is_web TEXT NOT NULL DEFAULT 'Y',
      f_by_admin INTEGER REFERENCES users(f_idx) ON DELETE SET NULL
    );

-- table map_cells
CREATE VIRTUAL TABLE map_cells USING rtree(id, min_lat, max_lat, min_lng, max_lng);

-- table map_cells_node
CREATE TABLE "map_cells_node"(nodeno INTEGER PRIMARY KEY,data);

-- table map_cells_parent
CREATE TABLE "map_cells_parent"(nodeno INTEGER PRIMARY KEY,parentnode);

-- table map_cells_rowid
CREATE TABLE "map_cells_rowid"(rowid INTEGER PRIMARY KEY,nodeno);

-- table map_changes
CREATE TABLE map_changes (f_idx INTEGER PRIMARY KEY, f_seq INTEGER NOT NULL);

-- table map_fts
CREATE VIRTUAL TABLE map_fts USING fts5(text, tokenize = 'trigram case_sensitive 1');

-- table map_fts_config
CREATE TABLE 'map_fts_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table map_fts_content
CREATE TABLE 'map_fts_content'(id INTEGER PRIMARY KEY, c0);

-- table map_fts_data
CREATE TABLE 'map_fts_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table map_fts_docsize
CREATE TABLE 'map_fts_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

-- table map_fts_idx
CREATE TABLE 'map_fts_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table map_fts_terms
CREATE VIRTUAL TABLE map_fts_terms USING fts5vocab(map_fts, 'row');

-- table map_sites
CREATE TABLE map_sites (
        f_cell INTEGER NOT NULL,
        f_idx INTEGER NOT NULL,
        f_lat_e6 INTEGER NOT NULL,
        f_lng_e6 INTEGER NOT NULL,
        f_site_type,
        f_latitude,
        f_longitude,
        f_maemul_type,
        f_transaction_type,
        f_sale_price_min,
        f_sale_price_max,
        f_collateral_price_min,
        f_collateral_price_max,
        f_charter_price_min,
        f_charter_price_max,
        f_invest_price_min,
        f_invest_price_max,
        f_monthly_deposit_min,
        f_monthly_deposit_max,
        f_monthly_rent_min,
        f_monthly_rent_max,
        f_safe_charter,
        f_smb,
        f_site_inquire_sale,
        f_site_inquire_charter,
        f_site_inquire_invest,
        f_site_inquire_monthly,
        f_room_num,
        f_toilet_num,
        f_elevator,
        f_duplex,
        f_teras,
        f_fee_type,
        f_fee_t,
        f_fee_c,
        f_fee_i,
        f_fee_s,
        f_fee_o,
        f_fee_site_inquire_t,
        f_fee_site_inquire_c,
        f_fee_site_inquire_i,
        f_fee_site_inquire_s,
        f_fee_site_inquire_o,
        f_complete,
        f_open_date,
        f_reg_time,
        f_room_mask,
        f_excl_min,
        f_excl_max,
        f_real_min,
        f_real_max,
        f_toilet_mask,
        f_u_sale_min,
        f_u_sale_max,
        f_u_collateral_min,
        f_u_collateral_max,
        f_u_charter_min,
        f_u_charter_max,
        f_u_invest_min,
        f_u_invest_max,
        f_u_deposit_min,
        f_u_deposit_max,
        PRIMARY KEY (f_cell, f_idx)
      ) WITHOUT ROWID;

-- table notifications
CREATE TABLE notifications (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_title TEXT NOT NULL DEFAULT '',
      f_content TEXT NOT NULL DEFAULT '',
      f_site_idx INTEGER REFERENCES sites(f_idx) ON DELETE SET NULL,
      f_site_name TEXT NOT NULL DEFAULT '',
      f_site_type TEXT NOT NULL DEFAULT '',
      f_address TEXT NOT NULL DEFAULT '',
      f_longitude REAL,
      f_latitude REAL,
      f_push TEXT NOT NULL DEFAULT 'N' CHECK (f_push IN ('Y', 'N')),
      f_made TEXT NOT NULL DEFAULT 'N' CHECK (f_made IN ('Y', 'N')),
      f_made1 TEXT NOT NULL DEFAULT 'N' CHECK (f_made1 IN ('Y', 'N')),
      f_auto TEXT NOT NULL DEFAULT 'N' CHECK (f_auto IN ('Y', 'N')),
      f_auto_enable TEXT NOT NULL DEFAULT 'N' CHECK (f_auto_enable IN ('Y', 'N')),
      f_auto_time TEXT NOT NULL DEFAULT '00:00',
      f_auto_interval TEXT NOT NULL DEFAULT 'E' CHECK (f_auto_interval IN ('E', '3', '5')),
      f_read TEXT NOT NULL DEFAULT 'N' CHECK (f_read IN ('Y', 'N')),
      f_image_url TEXT NOT NULL DEFAULT '',
      f_contacts_list TEXT NOT NULL DEFAULT '[]',
      f_reg_time TEXT NOT NULL,
      f_update_time TEXT NOT NULL
    , f_removed_time TEXT, f_auto_from TEXT, f_version INTEGER NOT NULL DEFAULT 1);

-- table notify_inbox
CREATE TABLE notify_inbox (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_notify_idx INTEGER NOT NULL REFERENCES notifications(f_idx) ON DELETE CASCADE,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_due TEXT NOT NULL,
      f_send_time TEXT NOT NULL,
      f_read TEXT NOT NULL DEFAULT 'N' CHECK (f_read IN ('Y', 'N')),
      f_read_time TEXT,
      UNIQUE (f_notify_idx, f_due, f_user_idx)
    );

-- table notify_sends
CREATE TABLE notify_sends (
      f_notify_idx INTEGER NOT NULL REFERENCES notifications(f_idx) ON DELETE CASCADE,
      f_due TEXT NOT NULL,
      f_send_time TEXT NOT NULL,
      f_recipients INTEGER NOT NULL,
      PRIMARY KEY (f_notify_idx, f_due)
    ) WITHOUT ROWID
  ;

-- table officetel_prices
CREATE TABLE officetel_prices (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_year TEXT NOT NULL,
      f_pnu TEXT NOT NULL,
      f_build_addr TEXT NOT NULL,
      f_buildnum TEXT NOT NULL,
      f_dong TEXT NOT NULL,
      f_floor TEXT NOT NULL,
      f_ho TEXT NOT NULL,
      f_pbdate TEXT NOT NULL,
      f_totarea REAL NOT NULL,
      f_sharea REAL NOT NULL,
      f_pbprice INTEGER NOT NULL,
      UNIQUE (f_pnu, f_buildnum, f_dong, f_floor, f_ho, f_year)
    );

-- table payments
CREATE TABLE payments (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_merchant_uid TEXT NOT NULL UNIQUE,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_provider TEXT NOT NULL,
      f_amount INTEGER NOT NULL CHECK (f_amount > 0),
      f_point INTEGER NOT NULL CHECK (f_point > 0),
      f_status TEXT NOT NULL DEFAULT 'ready' CHECK (f_status IN ('ready', 'paid', 'failed')),
      f_imp_uid TEXT UNIQUE,
      f_fail_reason TEXT,
      f_reg_time TEXT NOT NULL,
      f_paid_time TEXT,
      f_point_log_idx INTEGER REFERENCES point_logs(f_idx)
    , f_pay_method TEXT NOT NULL DEFAULT 'card'
      CHECK (f_pay_method IN ('card', 'trans', 'vbank')), f_vbank_name TEXT, f_vbank_num TEXT, f_vbank_holder TEXT, f_vbank_due TEXT);

-- table phone_codes
CREATE TABLE phone_codes (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_phone TEXT NOT NULL,
      code_hash TEXT NOT NULL,
      purpose TEXT NOT NULL CHECK (purpose IN ('login', 'signup')),
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      verified_at TEXT,
      consumed_at TEXT
    , f_ip TEXT NOT NULL DEFAULT '', f_device_id TEXT NOT NULL DEFAULT '');

-- table point_logs
CREATE TABLE point_logs (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_reg_time TEXT NOT NULL,
      f_type TEXT NOT NULL CHECK (f_type IN ('C', 'O', 'A', 'U')),
      f_point INTEGER NOT NULL CHECK (f_point > 0),
      f_point_final INTEGER NOT NULL CHECK (f_point_final >= 0),
      f_reason TEXT NOT NULL,
      f_memo TEXT NOT NULL DEFAULT '',
      f_admin_idx INTEGER REFERENCES users(f_idx) ON DELETE SET NULL,
      f_ref TEXT
    );

-- table preregistered_phones
CREATE TABLE preregistered_phones (
      f_phone TEXT PRIMARY KEY,
      f_added_by INTEGER REFERENCES users(f_idx) ON DELETE SET NULL,
      f_reg_time TEXT NOT NULL
    );

-- table public_data_cache
CREATE TABLE public_data_cache (
      f_service TEXT NOT NULL,
      f_key TEXT NOT NULL,
      f_source TEXT NOT NULL,
      f_body TEXT NOT NULL,
      f_fetched_at TEXT NOT NULL,
      f_expires_at TEXT NOT NULL,
      PRIMARY KEY (f_service, f_key)
    ) WITHOUT ROWID
  ;

-- table public_data_calls
CREATE TABLE public_data_calls (
      f_user_idx INTEGER NOT NULL,
      f_minute TEXT NOT NULL,
      f_count INTEGER NOT NULL,
      PRIMARY KEY (f_user_idx, f_minute)
    ) WITHOUT ROWID
  ;

-- table purchase_requests
CREATE TABLE purchase_requests (
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_key TEXT NOT NULL,
      f_operation TEXT NOT NULL,
      f_fingerprint TEXT NOT NULL,
      f_result TEXT NOT NULL,
      f_reg_time TEXT NOT NULL,
      PRIMARY KEY (f_user_idx, f_key)
    );

-- table push_deliveries
CREATE TABLE push_deliveries (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_message_idx INTEGER NOT NULL REFERENCES push_messages(f_idx) ON DELETE CASCADE,
      f_subscription_idx INTEGER NOT NULL REFERENCES push_subscriptions(f_idx) ON DELETE CASCADE,
      f_state TEXT NOT NULL DEFAULT 'Q' CHECK (f_state IN ('Q', 'S', 'F', 'X')),
      f_due_time TEXT NOT NULL,
      f_attempts INTEGER NOT NULL DEFAULT 0,
      f_last_status INTEGER,
      f_done_time TEXT
    );

-- table push_messages
CREATE TABLE push_messages (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_type INTEGER NOT NULL CHECK (f_type IN (3, 6, 7)),
      f_target_idx INTEGER NOT NULL,
      f_title TEXT NOT NULL,
      f_body TEXT NOT NULL,
      f_reg_time TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    );

-- table push_subscriptions
CREATE TABLE push_subscriptions (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_device_id TEXT NOT NULL,
      f_endpoint TEXT NOT NULL UNIQUE,
      f_p256dh TEXT NOT NULL,
      f_auth TEXT NOT NULL,
      f_reg_time TEXT NOT NULL,
      UNIQUE (f_user_idx, f_device_id)
    );

-- table reports
CREATE TABLE reports (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_site_idx INTEGER NOT NULL REFERENCES sites(f_idx) ON DELETE CASCADE,
      f_ho_idx INTEGER,
      f_ho_label TEXT NOT NULL DEFAULT '',
      f_report_type TEXT NOT NULL CHECK (f_report_type IN ('HC', 'HW', 'US', 'SC', 'SS', 'SR', 'STC', 'PC')),
      f_complete_status TEXT NOT NULL DEFAULT 'N' CHECK (f_complete_status IN ('Y', 'N')),
      f_memo TEXT NOT NULL DEFAULT '',
      f_memo_images TEXT NOT NULL DEFAULT '[]',
      f_report_date TEXT NOT NULL,
      f_report_day TEXT NOT NULL,
      f_result_type TEXT NOT NULL DEFAULT 'U' CHECK (f_result_type IN ('U', 'T', 'F')),
      f_result_date TEXT,
      f_admin_idx INTEGER REFERENCES users(f_idx) ON DELETE SET NULL,
      f_point INTEGER NOT NULL DEFAULT 0,
      f_point_log_idx INTEGER REFERENCES point_logs(f_idx) ON DELETE SET NULL
    );

-- table sessions
CREATE TABLE sessions (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      token_hash TEXT NOT NULL UNIQUE,
      device_id TEXT NOT NULL,
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      last_seen_at TEXT NOT NULL,
      admin_unlocked_until TEXT,
      ended_at TEXT,
      end_reason TEXT CHECK (end_reason IN ('other_device', 'logout', 'status_changed', 'withdrawn'))
    , f_by_admin INTEGER REFERENCES users(f_idx) ON DELETE CASCADE);

-- table site_contacts
CREATE TABLE site_contacts (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_site_idx INTEGER NOT NULL REFERENCES sites(f_idx) ON DELETE CASCADE,
      f_name TEXT NOT NULL,
      f_phone TEXT NOT NULL,
      f_order INTEGER NOT NULL DEFAULT 0
    );

-- table site_inlay_files
CREATE TABLE site_inlay_files (
      url TEXT NOT NULL,
      f_site_idx INTEGER NOT NULL REFERENCES sites(f_idx) ON DELETE CASCADE,
      PRIMARY KEY (url, f_site_idx)
    ) WITHOUT ROWID
  ;

-- table site_likes
CREATE TABLE site_likes (
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_site_idx INTEGER NOT NULL REFERENCES sites(f_idx) ON DELETE CASCADE,
      f_reg_time TEXT NOT NULL,
      PRIMARY KEY (f_user_idx, f_site_idx)
    );

-- table site_memos
CREATE TABLE site_memos (
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_site_idx INTEGER NOT NULL REFERENCES sites(f_idx) ON DELETE CASCADE,
      f_memo TEXT NOT NULL DEFAULT '',
      f_memo_images TEXT NOT NULL DEFAULT '[]',
      f_update_time TEXT NOT NULL,
      PRIMARY KEY (f_user_idx, f_site_idx)
    );

-- table site_recent_views
CREATE TABLE site_recent_views (
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_site_idx INTEGER NOT NULL REFERENCES sites(f_idx) ON DELETE CASCADE,
      f_view_time TEXT NOT NULL,
      PRIMARY KEY (f_user_idx, f_site_idx)
    );

-- table site_rooms
CREATE TABLE site_rooms (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_site_idx INTEGER NOT NULL REFERENCES sites(f_idx) ON DELETE CASCADE,
      f_room INTEGER NOT NULL,
      f_area TEXT NOT NULL DEFAULT 'E' CHECK (f_area IN ('E', 'R')),
      f_exclusive_size REAL NOT NULL DEFAULT 0,
      f_exclusive_pyong REAL NOT NULL DEFAULT 0,
      f_real_size REAL NOT NULL DEFAULT 0,
      f_real_pyong REAL NOT NULL DEFAULT 0
    );

-- table site_shares
CREATE TABLE site_shares (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_site_idx INTEGER NOT NULL REFERENCES sites(f_idx) ON DELETE CASCADE,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_token TEXT NOT NULL UNIQUE,
      f_reg_time TEXT NOT NULL,
      f_expires_at TEXT NOT NULL,
      f_revoked_time TEXT,
      f_view_count INTEGER NOT NULL DEFAULT 0,
      f_last_view_time TEXT
    );

-- table site_states
CREATE TABLE site_states (
      f_site_idx INTEGER PRIMARY KEY REFERENCES sites(f_idx) ON DELETE CASCADE,
      f_deleted_time TEXT,
      f_hidden_time TEXT,
      f_hidden_by TEXT CHECK (f_hidden_by IN ('O', 'A', 'E')),
      f_complete_time TEXT
    );

-- table site_transfers
CREATE TABLE site_transfers (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_site_idx INTEGER NOT NULL REFERENCES sites(f_idx) ON DELETE CASCADE,
      f_from_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_to_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_by_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_from_group_idx INTEGER,
      f_reg_time TEXT NOT NULL
    );

-- table sites
CREATE TABLE sites (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_name TEXT NOT NULL,
      f_site_type TEXT NOT NULL CHECK (f_site_type IN ('O', 'G', 'U')),
      f_address1 TEXT NOT NULL DEFAULT '',
      f_address2 TEXT NOT NULL DEFAULT '',
      f_latitude REAL,
      f_longitude REAL,
      f_bjd_code TEXT,
      f_land_type INTEGER CHECK (f_land_type IN (1, 2)),
      f_main_no INTEGER,
      f_sub_no INTEGER,
      f_maemul_type TEXT NOT NULL DEFAULT '',
      f_dong_count INTEGER NOT NULL DEFAULT 0,
      f_house_count INTEGER NOT NULL DEFAULT 0,
      f_parking_type TEXT NOT NULL DEFAULT '',
      f_transaction_type TEXT NOT NULL DEFAULT '',
      f_room_num INTEGER,
      f_toilet_num INTEGER,
      f_veranda_num INTEGER,
      f_utility_room_num INTEGER,
      f_duplex TEXT NOT NULL DEFAULT 'N' CHECK (f_duplex IN ('Y', 'N')),
      f_teras TEXT NOT NULL DEFAULT 'N' CHECK (f_teras IN ('Y', 'N')),
      f_elevator TEXT NOT NULL DEFAULT 'U' CHECK (f_elevator IN ('Y', 'N', 'U')),
      f_area_type TEXT NOT NULL DEFAULT 'E' CHECK (f_area_type IN ('E', 'R')),
      -- fee types (comma list) T 매매, C 전세, I 투자, S 월세, O 기타; values in 백만원;
      -- hit 0 single, 1 double, 2 none
      f_fee_type TEXT NOT NULL DEFAULT '',
      f_fee_t INTEGER NOT NULL DEFAULT 0,
      f_fee_c INTEGER NOT NULL DEFAULT 0,
      f_fee_i INTEGER NOT NULL DEFAULT 0,
      f_fee_s INTEGER NOT NULL DEFAULT 0,
      f_fee_o INTEGER NOT NULL DEFAULT 0,
      f_fee_t_hit INTEGER NOT NULL DEFAULT 2 CHECK (f_fee_t_hit IN (0, 1, 2)),
      f_fee_c_hit INTEGER NOT NULL DEFAULT 2 CHECK (f_fee_c_hit IN (0, 1, 2)),
      f_fee_i_hit INTEGER NOT NULL DEFAULT 2 CHECK (f_fee_i_hit IN (0, 1, 2)),
      f_fee_s_hit INTEGER NOT NULL DEFAULT 2 CHECK (f_fee_s_hit IN (0, 1, 2)),
      f_fee_o_hit INTEGER NOT NULL DEFAULT 2 CHECK (f_fee_o_hit IN (0, 1, 2)),
      f_fee_site_inquire_t TEXT NOT NULL DEFAULT 'N',
      f_fee_site_inquire_c TEXT NOT NULL DEFAULT 'N',
      f_fee_site_inquire_i TEXT NOT NULL DEFAULT 'N',
      f_fee_site_inquire_s TEXT NOT NULL DEFAULT 'N',
      f_fee_site_inquire_o TEXT NOT NULL DEFAULT 'N',
      f_sale_price_min INTEGER NOT NULL DEFAULT 0,
      f_sale_price_max INTEGER NOT NULL DEFAULT 0,
      f_collateral_price_min INTEGER NOT NULL DEFAULT 0,
      f_collateral_price_max INTEGER NOT NULL DEFAULT 0,
      f_charter_price_min INTEGER NOT NULL DEFAULT 0,
      f_charter_price_max INTEGER NOT NULL DEFAULT 0,
      f_invest_price_min INTEGER NOT NULL DEFAULT 0,
      f_invest_price_max INTEGER NOT NULL DEFAULT 0,
      f_monthly_deposit_min INTEGER NOT NULL DEFAULT 0,
      f_monthly_deposit_max INTEGER NOT NULL DEFAULT 0,
      f_monthly_rent_min INTEGER NOT NULL DEFAULT 0,
      f_monthly_rent_max INTEGER NOT NULL DEFAULT 0,
      f_safe_charter TEXT NOT NULL DEFAULT 'N',
      f_smb TEXT NOT NULL DEFAULT 'N',
      f_site_inquire_sale TEXT NOT NULL DEFAULT 'N',
      f_site_inquire_charter TEXT NOT NULL DEFAULT 'N',
      f_site_inquire_invest TEXT NOT NULL DEFAULT 'N',
      f_site_inquire_monthly TEXT NOT NULL DEFAULT 'N',
      f_inlay_private TEXT NOT NULL DEFAULT 'N',
      f_inlay_image_url TEXT NOT NULL DEFAULT '[]',
      f_image_urls TEXT NOT NULL DEFAULT '[]',
      f_supply_meal TEXT NOT NULL DEFAULT 'N',
      f_residence_type INTEGER NOT NULL DEFAULT 0 CHECK (f_residence_type IN (0, 1, 2)),
      f_memo TEXT NOT NULL DEFAULT '',
      f_status TEXT NOT NULL DEFAULT 'N' CHECK (f_status IN ('N', 'P', 'D')),
      f_temp_step INTEGER NOT NULL DEFAULT 0,
      f_group_idx INTEGER REFERENCES groups(f_idx) ON DELETE SET NULL,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx),
      f_hidden TEXT NOT NULL DEFAULT 'N' CHECK (f_hidden IN ('Y', 'N')),
      f_complete TEXT NOT NULL DEFAULT 'N' CHECK (f_complete IN ('Y', 'N')),
      f_open_date TEXT,
      f_reg_time TEXT NOT NULL,
      f_update_time TEXT NOT NULL,
      f_update_inlay_time TEXT,
      f_remain_days_till_hide INTEGER,
      f_confirm TEXT
    , f_client_id TEXT);

-- table sync_clients
CREATE TABLE sync_clients (
      client_id TEXT PRIMARY KEY,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      last_seq INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      last_seen_at TEXT NOT NULL
    );

-- table sync_clock
CREATE TABLE sync_clock (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      version INTEGER NOT NULL
    );

-- table sync_conflicts
CREATE TABLE sync_conflicts (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_site_idx INTEGER NOT NULL REFERENCES sites(f_idx) ON DELETE CASCADE,
      draft_id TEXT NOT NULL,
      fields TEXT NOT NULL,
      mine TEXT NOT NULL,
      theirs TEXT NOT NULL,
      base TEXT NOT NULL,
      base_version INTEGER,
      theirs_version INTEGER NOT NULL,
      client_id TEXT,
      mutation_id TEXT,
      f_reg_time TEXT NOT NULL,
      resolved_at TEXT,
      resolution TEXT
    );

-- table sync_feed
CREATE TABLE sync_feed (
      f_user_idx INTEGER NOT NULL,
      entity TEXT NOT NULL,
      key INTEGER NOT NULL,
      version INTEGER NOT NULL,
      deleted INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
      PRIMARY KEY (f_user_idx, entity, key)
    ) WITHOUT ROWID
  ;

-- table sync_mutations
CREATE TABLE sync_mutations (
      client_id TEXT NOT NULL REFERENCES sync_clients(client_id) ON DELETE CASCADE,
      seq INTEGER NOT NULL,
      mutation_id TEXT NOT NULL,
      name TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('applied', 'rejected', 'conflict')),
      code INTEGER NOT NULL,
      msg TEXT NOT NULL DEFAULT '',
      data TEXT,
      applied_at TEXT NOT NULL,
      PRIMARY KEY (client_id, seq)
    ) WITHOUT ROWID
  ;

-- table sync_restores
CREATE TABLE sync_restores (
      f_idx INTEGER PRIMARY KEY,
      f_from_version INTEGER NOT NULL,
      f_to_version INTEGER NOT NULL CHECK (f_to_version > f_from_version),
      f_restored_at TEXT NOT NULL,
      f_source TEXT NOT NULL DEFAULT ''
    );

-- table sync_site_versions
CREATE TABLE sync_site_versions (
      f_site_idx INTEGER PRIMARY KEY,
      version INTEGER NOT NULL,
      units_version INTEGER NOT NULL
    );

-- table usage_logs
CREATE TABLE usage_logs (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_reg_time TEXT NOT NULL,
      f_days INTEGER NOT NULL DEFAULT 0,
      f_made INTEGER NOT NULL DEFAULT 0,
      f_push INTEGER NOT NULL DEFAULT 0,
      f_usage_date_final TEXT,
      f_made_final INTEGER NOT NULL,
      f_push_final INTEGER NOT NULL,
      f_reason TEXT NOT NULL,
      f_memo TEXT NOT NULL DEFAULT '',
      f_admin_idx INTEGER REFERENCES users(f_idx) ON DELETE SET NULL,
      f_point_log_idx INTEGER REFERENCES point_logs(f_idx)
    );

-- table users
CREATE TABLE users (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_type TEXT NOT NULL DEFAULT 'U' CHECK (f_type IN ('U', 'A')),
      f_phone TEXT NOT NULL UNIQUE,
      f_business_card TEXT,
      f_affiliation TEXT NOT NULL,
      f_name TEXT NOT NULL,
      f_point INTEGER NOT NULL DEFAULT 0 CHECK (f_point >= 0),
      f_push TEXT NOT NULL DEFAULT 'Y' CHECK (f_push IN ('Y', 'N')),
      f_push_sound TEXT NOT NULL DEFAULT 'Y' CHECK (f_push_sound IN ('Y', 'N')),
      f_push_vibration TEXT NOT NULL DEFAULT 'Y' CHECK (f_push_vibration IN ('Y', 'N')),
      f_push_off_start_time TEXT,
      f_push_off_end_time TEXT,
      f_usage_date TEXT,
      f_made_count INTEGER NOT NULL DEFAULT 0 CHECK (f_made_count >= 0),
      f_push_count INTEGER NOT NULL DEFAULT 0 CHECK (f_push_count >= 0),
      f_admin_authority TEXT NOT NULL DEFAULT '',
      f_approval TEXT NOT NULL DEFAULT 'P' CHECK (f_approval IN ('P', 'A', 'R')),
      f_status TEXT NOT NULL DEFAULT 'N' CHECK (f_status IN ('N', 'B', 'WL', 'LL')),
      f_release_date TEXT,
      f_reject_time TEXT,
      f_warned_count INTEGER NOT NULL DEFAULT 0,
      f_charge_point INTEGER NOT NULL DEFAULT 0,
      f_reg_time TEXT NOT NULL,
      f_last_access TEXT
    , f_withdrawn_time TEXT, f_withdrawn_phone TEXT, f_authority_by INTEGER, f_welcome_time TEXT);

-- trigger map_changes_delete
CREATE TRIGGER map_changes_delete AFTER DELETE ON map_sites BEGIN INSERT INTO map_changes (f_idx, f_seq)
   SELECT OLD.f_idx, (SELECT coalesce(max(f_seq), 0) + 1 FROM map_changes) WHERE 1
   ON CONFLICT (f_idx) DO UPDATE SET f_seq = excluded.f_seq; END;

-- trigger map_changes_insert
CREATE TRIGGER map_changes_insert AFTER INSERT ON map_sites BEGIN INSERT INTO map_changes (f_idx, f_seq)
   SELECT NEW.f_idx, (SELECT coalesce(max(f_seq), 0) + 1 FROM map_changes) WHERE 1
   ON CONFLICT (f_idx) DO UPDATE SET f_seq = excluded.f_seq; END;

-- trigger map_changes_update
CREATE TRIGGER map_changes_update AFTER UPDATE ON map_sites BEGIN
         INSERT INTO map_changes (f_idx, f_seq)
   SELECT NEW.f_idx, (SELECT coalesce(max(f_seq), 0) + 1 FROM map_changes) WHERE 1
   ON CONFLICT (f_idx) DO UPDATE SET f_seq = excluded.f_seq;
         INSERT INTO map_changes (f_idx, f_seq)
   SELECT OLD.f_idx, (SELECT coalesce(max(f_seq), 0) + 1 FROM map_changes) WHERE OLD.f_idx <> NEW.f_idx
   ON CONFLICT (f_idx) DO UPDATE SET f_seq = excluded.f_seq;
       END;

-- trigger map_rooms_delete
CREATE TRIGGER map_rooms_delete AFTER DELETE ON site_rooms BEGIN UPDATE map_sites SET f_room_mask = (SELECT coalesce(sum(DISTINCT (1 << min(max(r.f_room, 0), 10))), 0) FROM site_rooms r WHERE r.f_site_idx = OLD.f_site_idx), f_excl_min = (SELECT min(r.f_exclusive_pyong) FROM site_rooms r WHERE r.f_site_idx = OLD.f_site_idx), f_excl_max = (SELECT max(r.f_exclusive_pyong) FROM site_rooms r WHERE r.f_site_idx = OLD.f_site_idx), f_real_min = (SELECT min(r.f_real_pyong) FROM site_rooms r WHERE r.f_site_idx = OLD.f_site_idx), f_real_max = (SELECT max(r.f_real_pyong) FROM site_rooms r WHERE r.f_site_idx = OLD.f_site_idx) WHERE f_idx = OLD.f_site_idx; END;

-- trigger map_rooms_insert
CREATE TRIGGER map_rooms_insert AFTER INSERT ON site_rooms BEGIN UPDATE map_sites SET f_room_mask = (SELECT coalesce(sum(DISTINCT (1 << min(max(r.f_room, 0), 10))), 0) FROM site_rooms r WHERE r.f_site_idx = NEW.f_site_idx), f_excl_min = (SELECT min(r.f_exclusive_pyong) FROM site_rooms r WHERE r.f_site_idx = NEW.f_site_idx), f_excl_max = (SELECT max(r.f_exclusive_pyong) FROM site_rooms r WHERE r.f_site_idx = NEW.f_site_idx), f_real_min = (SELECT min(r.f_real_pyong) FROM site_rooms r WHERE r.f_site_idx = NEW.f_site_idx), f_real_max = (SELECT max(r.f_real_pyong) FROM site_rooms r WHERE r.f_site_idx = NEW.f_site_idx) WHERE f_idx = NEW.f_site_idx; END;

-- trigger map_rooms_update
CREATE TRIGGER map_rooms_update AFTER UPDATE ON site_rooms BEGIN UPDATE map_sites SET f_room_mask = (SELECT coalesce(sum(DISTINCT (1 << min(max(r.f_room, 0), 10))), 0) FROM site_rooms r WHERE r.f_site_idx = NEW.f_site_idx), f_excl_min = (SELECT min(r.f_exclusive_pyong) FROM site_rooms r WHERE r.f_site_idx = NEW.f_site_idx), f_excl_max = (SELECT max(r.f_exclusive_pyong) FROM site_rooms r WHERE r.f_site_idx = NEW.f_site_idx), f_real_min = (SELECT min(r.f_real_pyong) FROM site_rooms r WHERE r.f_site_idx = NEW.f_site_idx), f_real_max = (SELECT max(r.f_real_pyong) FROM site_rooms r WHERE r.f_site_idx = NEW.f_site_idx) WHERE f_idx = NEW.f_site_idx;
UPDATE map_sites SET f_room_mask = (SELECT coalesce(sum(DISTINCT (1 << min(max(r.f_room, 0), 10))), 0) FROM site_rooms r WHERE r.f_site_idx = OLD.f_site_idx), f_excl_min = (SELECT min(r.f_exclusive_pyong) FROM site_rooms r WHERE r.f_site_idx = OLD.f_site_idx), f_excl_max = (SELECT max(r.f_exclusive_pyong) FROM site_rooms r WHERE r.f_site_idx = OLD.f_site_idx), f_real_min = (SELECT min(r.f_real_pyong) FROM site_rooms r WHERE r.f_site_idx = OLD.f_site_idx), f_real_max = (SELECT max(r.f_real_pyong) FROM site_rooms r WHERE r.f_site_idx = OLD.f_site_idx) WHERE f_idx = OLD.f_site_idx; END;

-- trigger map_sites_delete
CREATE TRIGGER map_sites_delete AFTER DELETE ON sites BEGIN DELETE FROM map_sites WHERE f_idx = OLD.f_idx;
DELETE FROM map_fts WHERE rowid = OLD.f_idx; END;

-- trigger map_sites_insert
CREATE TRIGGER map_sites_insert AFTER INSERT ON sites WHEN NEW.f_status = 'N' AND NEW.f_hidden = 'N' AND NEW.f_site_type IN ('O', 'G') AND NEW.f_latitude IS NOT NULL AND NEW.f_longitude IS NOT NULL BEGIN INSERT INTO map_sites (f_cell, f_idx, f_lat_e6, f_lng_e6, f_site_type, f_latitude, f_longitude, f_maemul_type, f_transaction_type, f_sale_price_min, f_sale_price_max, f_collateral_price_min, f_collateral_price_max, f_charter_price_min, f_charter_price_max, f_invest_price_min, f_invest_price_max, f_monthly_deposit_min, f_monthly_deposit_max, f_monthly_rent_min, f_monthly_rent_max, f_safe_charter, f_smb, f_site_inquire_sale, f_site_inquire_charter, f_site_inquire_invest, f_site_inquire_monthly, f_room_num, f_toilet_num, f_elevator, f_duplex, f_teras, f_fee_type, f_fee_t, f_fee_c, f_fee_i, f_fee_s, f_fee_o, f_fee_site_inquire_t, f_fee_site_inquire_c, f_fee_site_inquire_i, f_fee_site_inquire_s, f_fee_site_inquire_o, f_complete, f_open_date, f_reg_time, f_room_mask, f_excl_min, f_excl_max, f_real_min, f_real_max, f_toilet_mask, f_u_sale_min, f_u_sale_max, f_u_collateral_min, f_u_collateral_max, f_u_charter_min, f_u_charter_max, f_u_invest_min, f_u_invest_max, f_u_deposit_min, f_u_deposit_max)
     SELECT (CAST(floor((NEW.f_latitude + 90) / 0.01) AS INTEGER) * 36000 + CAST(floor((NEW.f_longitude + 180) / 0.01) AS INTEGER)), NEW.f_idx, CAST(floor(NEW.f_latitude * 1000000 + 0.5) AS INTEGER), CAST(floor(NEW.f_longitude * 1000000 + 0.5) AS INTEGER),
       NEW.f_site_type, NEW.f_latitude, NEW.f_longitude, NEW.f_maemul_type, NEW.f_transaction_type, NEW.f_sale_price_min, NEW.f_sale_price_max, NEW.f_collateral_price_min, NEW.f_collateral_price_max, NEW.f_charter_price_min, NEW.f_charter_price_max, NEW.f_invest_price_min, NEW.f_invest_price_max, NEW.f_monthly_deposit_min, NEW.f_monthly_deposit_max, NEW.f_monthly_rent_min, NEW.f_monthly_rent_max, NEW.f_safe_charter, NEW.f_smb, NEW.f_site_inquire_sale, NEW.f_site_inquire_charter, NEW.f_site_inquire_invest, NEW.f_site_inquire_monthly, NEW.f_room_num, NEW.f_toilet_num, NEW.f_elevator, NEW.f_duplex, NEW.f_teras, NEW.f_fee_type, NEW.f_fee_t, NEW.f_fee_c, NEW.f_fee_i, NEW.f_fee_s, NEW.f_fee_o, NEW.f_fee_site_inquire_t, NEW.f_fee_site_inquire_c, NEW.f_fee_site_inquire_i, NEW.f_fee_site_inquire_s, NEW.f_fee_site_inquire_o, NEW.f_complete, NEW.f_open_date, NEW.f_reg_time,
       (SELECT coalesce(sum(DISTINCT (1 << min(max(r.f_room, 0), 10))), 0) FROM site_rooms r WHERE r.f_site_idx = NEW.f_idx), (SELECT min(r.f_exclusive_pyong) FROM site_rooms r WHERE r.f_site_idx = NEW.f_idx), (SELECT max(r.f_exclusive_pyong) FROM site_rooms r WHERE r.f_site_idx = NEW.f_idx), (SELECT min(r.f_real_pyong) FROM site_rooms r WHERE r.f_site_idx = NEW.f_idx), (SELECT max(r.f_real_pyong) FROM site_rooms r WHERE r.f_site_idx = NEW.f_idx), (SELECT coalesce(sum(DISTINCT (1 << min(max(h.f_toilet, 0), 10))), 0) FROM hos h WHERE h.f_site_idx = NEW.f_idx), (SELECT min(h.f_sale_price) FROM hos h WHERE h.f_site_idx = NEW.f_idx AND h.f_complete = 'N' AND h.f_inquire_price = 'N' AND h.f_sale_price >= 1), (SELECT max(h.f_sale_price) FROM hos h WHERE h.f_site_idx = NEW.f_idx AND h.f_complete = 'N' AND h.f_inquire_price = 'N' AND h.f_sale_price >= 1), (SELECT min(h.f_collateral_price) FROM hos h WHERE h.f_site_idx = NEW.f_idx AND h.f_complete = 'N' AND h.f_inquire_price = 'N' AND h.f_collateral_price >= 1), (SELECT max(h.f_collateral_price) FROM hos h WHERE h.f_site_idx = NEW.f_idx AND h.f_complete = 'N' AND h.f_inquire_price = 'N' AND h.f_collateral_price >= 1), (SELECT min(h.f_charter_price) FROM hos h WHERE h.f_site_idx = NEW.f_idx AND h.f_complete = 'N' AND h.f_inquire_charter = 'N' AND h.f_charter_price >= 1), (SELECT max(h.f_charter_price) FROM hos h WHERE h.f_site_idx = NEW.f_idx AND h.f_complete = 'N' AND h.f_inquire_charter = 'N' AND h.f_charter_price >= 1), (SELECT min(h.f_investment_price) FROM hos h WHERE h.f_site_idx = NEW.f_idx AND h.f_complete = 'N' AND h.f_inquire_investment = 'N' AND h.f_investment_price >= 1), (SELECT max(h.f_investment_price) FROM hos h WHERE h.f_site_idx = NEW.f_idx AND h.f_complete = 'N' AND h.f_inquire_investment = 'N' AND h.f_investment_price >= 1), (SELECT min(h.f_monthly_rent_deposit) FROM hos h WHERE h.f_site_idx = NEW.f_idx AND h.f_complete = 'N' AND h.f_inquire_month = 'N' AND h.f_monthly_rent_deposit >= 1), (SELECT max(h.f_monthly_rent_deposit) FROM hos h WHERE h.f_site_idx = NEW.f_idx AND h.f_complete = 'N' AND h.f_inquire_month = 'N' AND h.f_monthly_rent_deposit >= 1);
UPDATE map_cells SET min_lat = min(min_lat, NEW.f_latitude), max_lat = max(max_lat, NEW.f_latitude),
       min_lng = min(min_lng, NEW.f_longitude), max_lng = max(max_lng, NEW.f_longitude)
     WHERE id = (CAST(floor((NEW.f_latitude + 90) / 0.01) AS INTEGER) * 36000 + CAST(floor((NEW.f_longitude + 180) / 0.01) AS INTEGER)) AND (min_lat > NEW.f_latitude OR max_lat < NEW.f_latitude
       OR min_lng > NEW.f_longitude OR max_lng < NEW.f_longitude);
INSERT INTO map_cells (id, min_lat, max_lat, min_lng, max_lng)
     SELECT (CAST(floor((NEW.f_latitude + 90) / 0.01) AS INTEGER) * 36000 + CAST(floor((NEW.f_longitude + 180) / 0.01) AS INTEGER)), NEW.f_latitude, NEW.f_latitude, NEW.f_longitude, NEW.f_longitude
     WHERE NOT EXISTS (SELECT 1 FROM map_cells WHERE id = (CAST(floor((NEW.f_latitude + 90) / 0.01) AS INTEGER) * 36000 + CAST(floor((NEW.f_longitude + 180) / 0.01) AS INTEGER)));
INSERT INTO map_fts (rowid, text) SELECT NEW.f_idx, lower(replace(NEW.f_name, ' ', '') || '|' || replace(NEW.f_address1, ' ', '') || '|' || replace(NEW.f_address2, ' ', '') || '||'); END;

-- trigger map_sites_update
CREATE TRIGGER map_sites_update AFTER UPDATE ON sites BEGIN DELETE FROM map_sites WHERE f_idx = OLD.f_idx;
DELETE FROM map_fts WHERE rowid = OLD.f_idx;
INSERT INTO map_sites (f_cell, f_idx, f_lat_e6, f_lng_e6, f_site_type, f_latitude, f_longitude, f_maemul_type, f_transaction_type, f_sale_price_min, f_sale_price_max, f_collateral_price_min, f_collateral_price_max, f_charter_price_min, f_charter_price_max, f_invest_price_min, f_invest_price_max, f_monthly_deposit_min, f_monthly_deposit_max, f_monthly_rent_min, f_monthly_rent_max, f_safe_charter, f_smb, f_site_inquire_sale, f_site_inquire_charter, f_site_inquire_invest, f_site_inquire_monthly, f_room_num, f_toilet_num, f_elevator, f_duplex, f_teras, f_fee_type, f_fee_t, f_fee_c, f_fee_i, f_fee_s, f_fee_o, f_fee_site_inquire_t, f_fee_site_inquire_c, f_fee_site_inquire_i, f_fee_site_inquire_s, f_fee_site_inquire_o, f_complete, f_open_date, f_reg_time, f_room_mask, f_excl_min, f_excl_max, f_real_min, f_real_max, f_toilet_mask, f_u_sale_min, f_u_sale_max, f_u_collateral_min, f_u_collateral_max, f_u_charter_min, f_u_charter_max, f_u_invest_min, f_u_invest_max, f_u_deposit_min, f_u_deposit_max)
     SELECT (CAST(floor((NEW.f_latitude + 90) / 0.01) AS INTEGER) * 36000 + CAST(floor((NEW.f_longitude + 180) / 0.01) AS INTEGER)), NEW.f_idx, CAST(floor(NEW.f_latitude * 1000000 + 0.5) AS INTEGER), CAST(floor(NEW.f_longitude * 1000000 + 0.5) AS INTEGER),
       NEW.f_site_type, NEW.f_latitude, NEW.f_longitude, NEW.f_maemul_type, NEW.f_transaction_type, NEW.f_sale_price_min, NEW.f_sale_price_max, NEW.f_collateral_price_min, NEW.f_collateral_price_max, NEW.f_charter_price_min, NEW.f_charter_price_max, NEW.f_invest_price_min, NEW.f_invest_price_max, NEW.f_monthly_deposit_min, NEW.f_monthly_deposit_max, NEW.f_monthly_rent_min, NEW.f_monthly_rent_max, NEW.f_safe_charter, NEW.f_smb, NEW.f_site_inquire_sale, NEW.f_site_inquire_charter, NEW.f_site_inquire_invest, NEW.f_site_inquire_monthly, NEW.f_room_num, NEW.f_toilet_num, NEW.f_elevator, NEW.f_duplex, NEW.f_teras, NEW.f_fee_type, NEW.f_fee_t, NEW.f_fee_c, NEW.f_fee_i, NEW.f_fee_s, NEW.f_fee_o, NEW.f_fee_site_inquire_t, NEW.f_fee_site_inquire_c, NEW.f_fee_site_inquire_i, NEW.f_fee_site_inquire_s, NEW.f_fee_site_inquire_o, NEW.f_complete, NEW.f_open_date, NEW.f_reg_time,
       (SELECT coalesce(sum(DISTINCT (1 << min(max(r.f_room, 0), 10))), 0) FROM site_rooms r WHERE r.f_site_idx = NEW.f_idx), (SELECT min(r.f_exclusive_pyong) FROM site_rooms r WHERE r.f_site_idx = NEW.f_idx), (SELECT max(r.f_exclusive_pyong) FROM site_rooms r WHERE r.f_site_idx = NEW.f_idx), (SELECT min(r.f_real_pyong) FROM site_rooms r WHERE r.f_site_idx = NEW.f_idx), (SELECT max(r.f_real_pyong) FROM site_rooms r WHERE r.f_site_idx = NEW.f_idx), (SELECT coalesce(sum(DISTINCT (1 << min(max(h.f_toilet, 0), 10))), 0) FROM hos h WHERE h.f_site_idx = NEW.f_idx), (SELECT min(h.f_sale_price) FROM hos h WHERE h.f_site_idx = NEW.f_idx AND h.f_complete = 'N' AND h.f_inquire_price = 'N' AND h.f_sale_price >= 1), (SELECT max(h.f_sale_price) FROM hos h WHERE h.f_site_idx = NEW.f_idx AND h.f_complete = 'N' AND h.f_inquire_price = 'N' AND h.f_sale_price >= 1), (SELECT min(h.f_collateral_price) FROM hos h WHERE h.f_site_idx = NEW.f_idx AND h.f_complete = 'N' AND h.f_inquire_price = 'N' AND h.f_collateral_price >= 1), (SELECT max(h.f_collateral_price) FROM hos h WHERE h.f_site_idx = NEW.f_idx AND h.f_complete = 'N' AND h.f_inquire_price = 'N' AND h.f_collateral_price >= 1), (SELECT min(h.f_charter_price) FROM hos h WHERE h.f_site_idx = NEW.f_idx AND h.f_complete = 'N' AND h.f_inquire_charter = 'N' AND h.f_charter_price >= 1), (SELECT max(h.f_charter_price) FROM hos h WHERE h.f_site_idx = NEW.f_idx AND h.f_complete = 'N' AND h.f_inquire_charter = 'N' AND h.f_charter_price >= 1), (SELECT min(h.f_investment_price) FROM hos h WHERE h.f_site_idx = NEW.f_idx AND h.f_complete = 'N' AND h.f_inquire_investment = 'N' AND h.f_investment_price >= 1), (SELECT max(h.f_investment_price) FROM hos h WHERE h.f_site_idx = NEW.f_idx AND h.f_complete = 'N' AND h.f_inquire_investment = 'N' AND h.f_investment_price >= 1), (SELECT min(h.f_monthly_rent_deposit) FROM hos h WHERE h.f_site_idx = NEW.f_idx AND h.f_complete = 'N' AND h.f_inquire_month = 'N' AND h.f_monthly_rent_deposit >= 1), (SELECT max(h.f_monthly_rent_deposit) FROM hos h WHERE h.f_site_idx = NEW.f_idx AND h.f_complete = 'N' AND h.f_inquire_month = 'N' AND h.f_monthly_rent_deposit >= 1) WHERE NEW.f_status = 'N' AND NEW.f_hidden = 'N' AND NEW.f_site_type IN ('O', 'G') AND NEW.f_latitude IS NOT NULL AND NEW.f_longitude IS NOT NULL;
UPDATE map_cells SET min_lat = min(min_lat, NEW.f_latitude), max_lat = max(max_lat, NEW.f_latitude),
       min_lng = min(min_lng, NEW.f_longitude), max_lng = max(max_lng, NEW.f_longitude)
     WHERE id = (CAST(floor((NEW.f_latitude + 90) / 0.01) AS INTEGER) * 36000 + CAST(floor((NEW.f_longitude + 180) / 0.01) AS INTEGER)) AND (min_lat > NEW.f_latitude OR max_lat < NEW.f_latitude
       OR min_lng > NEW.f_longitude OR max_lng < NEW.f_longitude) AND NEW.f_status = 'N' AND NEW.f_hidden = 'N' AND NEW.f_site_type IN ('O', 'G') AND NEW.f_latitude IS NOT NULL AND NEW.f_longitude IS NOT NULL;
INSERT INTO map_cells (id, min_lat, max_lat, min_lng, max_lng)
     SELECT (CAST(floor((NEW.f_latitude + 90) / 0.01) AS INTEGER) * 36000 + CAST(floor((NEW.f_longitude + 180) / 0.01) AS INTEGER)), NEW.f_latitude, NEW.f_latitude, NEW.f_longitude, NEW.f_longitude
     WHERE NOT EXISTS (SELECT 1 FROM map_cells WHERE id = (CAST(floor((NEW.f_latitude + 90) / 0.01) AS INTEGER) * 36000 + CAST(floor((NEW.f_longitude + 180) / 0.01) AS INTEGER))) AND NEW.f_status = 'N' AND NEW.f_hidden = 'N' AND NEW.f_site_type IN ('O', 'G') AND NEW.f_latitude IS NOT NULL AND NEW.f_longitude IS NOT NULL;
INSERT INTO map_fts (rowid, text) SELECT NEW.f_idx, lower(replace(NEW.f_name, ' ', '') || '|' || replace(NEW.f_address1, ' ', '') || '|' || replace(NEW.f_address2, ' ', '') || '||') WHERE NEW.f_status = 'N' AND NEW.f_hidden = 'N' AND NEW.f_site_type IN ('O', 'G') AND NEW.f_latitude IS NOT NULL AND NEW.f_longitude IS NOT NULL; END;

-- trigger map_units_delete
CREATE TRIGGER map_units_delete AFTER DELETE ON hos BEGIN UPDATE map_sites SET f_toilet_mask = (SELECT coalesce(sum(DISTINCT (1 << min(max(h.f_toilet, 0), 10))), 0) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx), f_u_sale_min = (SELECT min(h.f_sale_price) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_price = 'N' AND h.f_sale_price >= 1), f_u_sale_max = (SELECT max(h.f_sale_price) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_price = 'N' AND h.f_sale_price >= 1), f_u_collateral_min = (SELECT min(h.f_collateral_price) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_price = 'N' AND h.f_collateral_price >= 1), f_u_collateral_max = (SELECT max(h.f_collateral_price) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_price = 'N' AND h.f_collateral_price >= 1), f_u_charter_min = (SELECT min(h.f_charter_price) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_charter = 'N' AND h.f_charter_price >= 1), f_u_charter_max = (SELECT max(h.f_charter_price) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_charter = 'N' AND h.f_charter_price >= 1), f_u_invest_min = (SELECT min(h.f_investment_price) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_investment = 'N' AND h.f_investment_price >= 1), f_u_invest_max = (SELECT max(h.f_investment_price) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_investment = 'N' AND h.f_investment_price >= 1), f_u_deposit_min = (SELECT min(h.f_monthly_rent_deposit) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_month = 'N' AND h.f_monthly_rent_deposit >= 1), f_u_deposit_max = (SELECT max(h.f_monthly_rent_deposit) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_month = 'N' AND h.f_monthly_rent_deposit >= 1) WHERE f_idx = OLD.f_site_idx; END;

-- trigger map_units_insert
CREATE TRIGGER map_units_insert AFTER INSERT ON hos BEGIN UPDATE map_sites SET f_toilet_mask = f_toilet_mask | (1 << min(max(NEW.f_toilet, 0), 10)), f_u_sale_min = CASE WHEN NEW.f_complete = 'N' AND NEW.f_inquire_price = 'N' AND NEW.f_sale_price >= 1 THEN min(coalesce(f_u_sale_min, NEW.f_sale_price), NEW.f_sale_price) ELSE f_u_sale_min END, f_u_sale_max = CASE WHEN NEW.f_complete = 'N' AND NEW.f_inquire_price = 'N' AND NEW.f_sale_price >= 1 THEN max(coalesce(f_u_sale_max, NEW.f_sale_price), NEW.f_sale_price) ELSE f_u_sale_max END, f_u_collateral_min = CASE WHEN NEW.f_complete = 'N' AND NEW.f_inquire_price = 'N' AND NEW.f_collateral_price >= 1 THEN min(coalesce(f_u_collateral_min, NEW.f_collateral_price), NEW.f_collateral_price) ELSE f_u_collateral_min END, f_u_collateral_max = CASE WHEN NEW.f_complete = 'N' AND NEW.f_inquire_price = 'N' AND NEW.f_collateral_price >= 1 THEN max(coalesce(f_u_collateral_max, NEW.f_collateral_price), NEW.f_collateral_price) ELSE f_u_collateral_max END, f_u_charter_min = CASE WHEN NEW.f_complete = 'N' AND NEW.f_inquire_charter = 'N' AND NEW.f_charter_price >= 1 THEN min(coalesce(f_u_charter_min, NEW.f_charter_price), NEW.f_charter_price) ELSE f_u_charter_min END, f_u_charter_max = CASE WHEN NEW.f_complete = 'N' AND NEW.f_inquire_charter = 'N' AND NEW.f_charter_price >= 1 THEN max(coalesce(f_u_charter_max, NEW.f_charter_price), NEW.f_charter_price) ELSE f_u_charter_max END, f_u_invest_min = CASE WHEN NEW.f_complete = 'N' AND NEW.f_inquire_investment = 'N' AND NEW.f_investment_price >= 1 THEN min(coalesce(f_u_invest_min, NEW.f_investment_price), NEW.f_investment_price) ELSE f_u_invest_min END, f_u_invest_max = CASE WHEN NEW.f_complete = 'N' AND NEW.f_inquire_investment = 'N' AND NEW.f_investment_price >= 1 THEN max(coalesce(f_u_invest_max, NEW.f_investment_price), NEW.f_investment_price) ELSE f_u_invest_max END, f_u_deposit_min = CASE WHEN NEW.f_complete = 'N' AND NEW.f_inquire_month = 'N' AND NEW.f_monthly_rent_deposit >= 1 THEN min(coalesce(f_u_deposit_min, NEW.f_monthly_rent_deposit), NEW.f_monthly_rent_deposit) ELSE f_u_deposit_min END, f_u_deposit_max = CASE WHEN NEW.f_complete = 'N' AND NEW.f_inquire_month = 'N' AND NEW.f_monthly_rent_deposit >= 1 THEN max(coalesce(f_u_deposit_max, NEW.f_monthly_rent_deposit), NEW.f_monthly_rent_deposit) ELSE f_u_deposit_max END WHERE f_idx = NEW.f_site_idx; END;

-- trigger map_units_update
CREATE TRIGGER map_units_update AFTER UPDATE ON hos BEGIN UPDATE map_sites SET f_toilet_mask = (SELECT coalesce(sum(DISTINCT (1 << min(max(h.f_toilet, 0), 10))), 0) FROM hos h WHERE h.f_site_idx = NEW.f_site_idx), f_u_sale_min = (SELECT min(h.f_sale_price) FROM hos h WHERE h.f_site_idx = NEW.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_price = 'N' AND h.f_sale_price >= 1), f_u_sale_max = (SELECT max(h.f_sale_price) FROM hos h WHERE h.f_site_idx = NEW.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_price = 'N' AND h.f_sale_price >= 1), f_u_collateral_min = (SELECT min(h.f_collateral_price) FROM hos h WHERE h.f_site_idx = NEW.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_price = 'N' AND h.f_collateral_price >= 1), f_u_collateral_max = (SELECT max(h.f_collateral_price) FROM hos h WHERE h.f_site_idx = NEW.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_price = 'N' AND h.f_collateral_price >= 1), f_u_charter_min = (SELECT min(h.f_charter_price) FROM hos h WHERE h.f_site_idx = NEW.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_charter = 'N' AND h.f_charter_price >= 1), f_u_charter_max = (SELECT max(h.f_charter_price) FROM hos h WHERE h.f_site_idx = NEW.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_charter = 'N' AND h.f_charter_price >= 1), f_u_invest_min = (SELECT min(h.f_investment_price) FROM hos h WHERE h.f_site_idx = NEW.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_investment = 'N' AND h.f_investment_price >= 1), f_u_invest_max = (SELECT max(h.f_investment_price) FROM hos h WHERE h.f_site_idx = NEW.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_investment = 'N' AND h.f_investment_price >= 1), f_u_deposit_min = (SELECT min(h.f_monthly_rent_deposit) FROM hos h WHERE h.f_site_idx = NEW.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_month = 'N' AND h.f_monthly_rent_deposit >= 1), f_u_deposit_max = (SELECT max(h.f_monthly_rent_deposit) FROM hos h WHERE h.f_site_idx = NEW.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_month = 'N' AND h.f_monthly_rent_deposit >= 1) WHERE f_idx = NEW.f_site_idx;
UPDATE map_sites SET f_toilet_mask = (SELECT coalesce(sum(DISTINCT (1 << min(max(h.f_toilet, 0), 10))), 0) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx), f_u_sale_min = (SELECT min(h.f_sale_price) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_price = 'N' AND h.f_sale_price >= 1), f_u_sale_max = (SELECT max(h.f_sale_price) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_price = 'N' AND h.f_sale_price >= 1), f_u_collateral_min = (SELECT min(h.f_collateral_price) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_price = 'N' AND h.f_collateral_price >= 1), f_u_collateral_max = (SELECT max(h.f_collateral_price) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_price = 'N' AND h.f_collateral_price >= 1), f_u_charter_min = (SELECT min(h.f_charter_price) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_charter = 'N' AND h.f_charter_price >= 1), f_u_charter_max = (SELECT max(h.f_charter_price) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_charter = 'N' AND h.f_charter_price >= 1), f_u_invest_min = (SELECT min(h.f_investment_price) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_investment = 'N' AND h.f_investment_price >= 1), f_u_invest_max = (SELECT max(h.f_investment_price) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_investment = 'N' AND h.f_investment_price >= 1), f_u_deposit_min = (SELECT min(h.f_monthly_rent_deposit) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_month = 'N' AND h.f_monthly_rent_deposit >= 1), f_u_deposit_max = (SELECT max(h.f_monthly_rent_deposit) FROM hos h WHERE h.f_site_idx = OLD.f_site_idx AND h.f_complete = 'N' AND h.f_inquire_month = 'N' AND h.f_monthly_rent_deposit >= 1) WHERE f_idx = OLD.f_site_idx; END;

-- trigger site_inlay_files_insert
CREATE TRIGGER site_inlay_files_insert AFTER INSERT ON sites BEGIN INSERT OR IGNORE INTO site_inlay_files (url, f_site_idx)
  SELECT value, NEW.f_idx FROM json_each(CASE WHEN json_valid(NEW.f_inlay_image_url)
    THEN NEW.f_inlay_image_url ELSE '[]' END) WHERE type = 'text'; END;

-- trigger site_inlay_files_update
CREATE TRIGGER site_inlay_files_update AFTER UPDATE OF f_inlay_image_url ON sites BEGIN
      DELETE FROM site_inlay_files WHERE f_site_idx = NEW.f_idx;
      INSERT OR IGNORE INTO site_inlay_files (url, f_site_idx)
  SELECT value, NEW.f_idx FROM json_each(CASE WHEN json_valid(NEW.f_inlay_image_url)
    THEN NEW.f_inlay_image_url ELSE '[]' END) WHERE type = 'text';
    END;

-- trigger sync_conflicts_insert
CREATE TRIGGER sync_conflicts_insert AFTER INSERT ON sync_conflicts BEGIN UPDATE sync_clock SET version = version + 1; INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    VALUES (NEW.f_user_idx, 'conflict', NEW.f_idx, (SELECT version FROM sync_clock), 0)
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0; END;

-- trigger sync_conflicts_update
CREATE TRIGGER sync_conflicts_update AFTER UPDATE ON sync_conflicts BEGIN UPDATE sync_clock SET version = version + 1; INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    VALUES (NEW.f_user_idx, 'conflict', NEW.f_idx, (SELECT version FROM sync_clock), 0)
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0;
     UPDATE sync_feed SET deleted = 1 WHERE NEW.resolved_at IS NOT NULL
       AND f_user_idx = NEW.f_user_idx AND entity = 'conflict' AND key = NEW.f_idx; END;

-- trigger sync_dongs_delete
CREATE TRIGGER sync_dongs_delete AFTER DELETE ON dongs BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_site_versions SET version = (SELECT version FROM sync_clock), units_version = (SELECT version FROM sync_clock) WHERE f_site_idx = OLD.f_site_idx; END;

-- trigger sync_dongs_insert
CREATE TRIGGER sync_dongs_insert AFTER INSERT ON dongs BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_site_versions SET version = (SELECT version FROM sync_clock), units_version = (SELECT version FROM sync_clock) WHERE f_site_idx = NEW.f_site_idx; END;

-- trigger sync_dongs_update
CREATE TRIGGER sync_dongs_update AFTER UPDATE ON dongs BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_site_versions SET version = (SELECT version FROM sync_clock), units_version = (SELECT version FROM sync_clock) WHERE f_site_idx = NEW.f_site_idx; END;

-- trigger sync_edit_conflicts_insert
CREATE TRIGGER sync_edit_conflicts_insert AFTER INSERT ON edit_conflicts BEGIN UPDATE sync_clock SET version = version + 1; INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    VALUES (NEW.f_user_idx, 'editconflict', NEW.f_idx, (SELECT version FROM sync_clock), 0)
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0; END;

-- trigger sync_edit_conflicts_update
CREATE TRIGGER sync_edit_conflicts_update AFTER UPDATE ON edit_conflicts BEGIN UPDATE sync_clock SET version = version + 1; INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    VALUES (NEW.f_user_idx, 'editconflict', NEW.f_idx, (SELECT version FROM sync_clock), 0)
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0;
      UPDATE sync_feed SET deleted = 1 WHERE NEW.resolved_at IS NOT NULL
        AND f_user_idx = NEW.f_user_idx AND entity = 'editconflict' AND key = NEW.f_idx; END;

-- trigger sync_group_members_delete
CREATE TRIGGER sync_group_members_delete AFTER DELETE ON group_members BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_feed SET version = (SELECT version FROM sync_clock), deleted = 1
    WHERE f_user_idx = OLD.f_user_idx AND entity = 'site' AND deleted = 0 AND key IN (SELECT f_idx FROM sites WHERE f_group_idx = OLD.f_group_idx)
      AND NOT EXISTS (SELECT 1 FROM sites s WHERE s.f_idx = sync_feed.key
    AND EXISTS (SELECT 1 FROM site_visible_to v WHERE v.f_site_idx = s.f_idx AND v.f_user_idx = OLD.f_user_idx)
    AND (s.f_user_idx = OLD.f_user_idx
      OR (s.f_group_idx IS NOT NULL AND EXISTS (SELECT 1 FROM group_members gm
        WHERE gm.f_group_idx = s.f_group_idx AND gm.f_user_idx = OLD.f_user_idx))
      OR EXISTS (SELECT 1 FROM site_likes l WHERE l.f_user_idx = OLD.f_user_idx AND l.f_site_idx = s.f_idx)
      OR EXISTS (SELECT 1 FROM site_recent_views r WHERE r.f_user_idx = OLD.f_user_idx AND r.f_site_idx = s.f_idx))); END;

-- trigger sync_group_members_insert
CREATE TRIGGER sync_group_members_insert AFTER INSERT ON group_members BEGIN UPDATE sync_clock SET version = version + 1; INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    SELECT p.u, 'site', p.s, (SELECT version FROM sync_clock), 0 FROM (SELECT NEW.f_user_idx AS u, f_idx AS s FROM sites WHERE f_group_idx = NEW.f_group_idx) p WHERE p.u IS NOT NULL AND EXISTS (SELECT 1 FROM sites s WHERE s.f_idx = p.s
    AND EXISTS (SELECT 1 FROM site_visible_to v WHERE v.f_site_idx = s.f_idx AND v.f_user_idx = p.u)
    AND (s.f_user_idx = p.u
      OR (s.f_group_idx IS NOT NULL AND EXISTS (SELECT 1 FROM group_members gm
        WHERE gm.f_group_idx = s.f_group_idx AND gm.f_user_idx = p.u))
      OR EXISTS (SELECT 1 FROM site_likes l WHERE l.f_user_idx = p.u AND l.f_site_idx = s.f_idx)
      OR EXISTS (SELECT 1 FROM site_recent_views r WHERE r.f_user_idx = p.u AND r.f_site_idx = s.f_idx)))
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0
    WHERE sync_feed.deleted = 1; END;

-- trigger sync_hos_delete
CREATE TRIGGER sync_hos_delete AFTER DELETE ON hos BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_site_versions SET version = (SELECT version FROM sync_clock), units_version = (SELECT version FROM sync_clock) WHERE f_site_idx = OLD.f_site_idx; END;

-- trigger sync_hos_insert
CREATE TRIGGER sync_hos_insert AFTER INSERT ON hos BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_site_versions SET version = (SELECT version FROM sync_clock), units_version = (SELECT version FROM sync_clock) WHERE f_site_idx = NEW.f_site_idx; END;

-- trigger sync_hos_update
CREATE TRIGGER sync_hos_update AFTER UPDATE ON hos BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_site_versions SET version = (SELECT version FROM sync_clock), units_version = (SELECT version FROM sync_clock) WHERE f_site_idx = NEW.f_site_idx; END;

-- trigger sync_notifications_delete
CREATE TRIGGER sync_notifications_delete AFTER DELETE ON notifications BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_feed SET version = (SELECT version FROM sync_clock), deleted = 1
    WHERE f_user_idx = OLD.f_user_idx AND entity = 'notification' AND key = OLD.f_idx; END;

-- trigger sync_notifications_inbox_update
CREATE TRIGGER sync_notifications_inbox_update AFTER UPDATE ON notifications BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_feed SET version = (SELECT version FROM sync_clock)
      WHERE entity = 'inbox' AND deleted = 0 AND (f_user_idx, key) IN
        (SELECT f_user_idx, f_idx FROM notify_inbox WHERE f_notify_idx = NEW.f_idx); END;

-- trigger sync_notifications_insert
CREATE TRIGGER sync_notifications_insert AFTER INSERT ON notifications BEGIN UPDATE sync_clock SET version = version + 1; INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    VALUES (NEW.f_user_idx, 'notification', NEW.f_idx, (SELECT version FROM sync_clock), 0)
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0; END;

-- trigger sync_notifications_update
CREATE TRIGGER sync_notifications_update AFTER UPDATE ON notifications BEGIN UPDATE sync_clock SET version = version + 1; INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    VALUES (NEW.f_user_idx, 'notification', NEW.f_idx, (SELECT version FROM sync_clock), 0)
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0; END;

-- trigger sync_notify_inbox_delete
CREATE TRIGGER sync_notify_inbox_delete AFTER DELETE ON notify_inbox BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_feed SET version = (SELECT version FROM sync_clock), deleted = 1
      WHERE f_user_idx = OLD.f_user_idx AND entity = 'inbox' AND key = OLD.f_idx; END;

-- trigger sync_notify_inbox_insert
CREATE TRIGGER sync_notify_inbox_insert AFTER INSERT ON notify_inbox BEGIN UPDATE sync_clock SET version = version + 1; INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    VALUES (NEW.f_user_idx, 'inbox', NEW.f_idx, (SELECT version FROM sync_clock), 0)
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0; END;

-- trigger sync_notify_inbox_update
CREATE TRIGGER sync_notify_inbox_update AFTER UPDATE ON notify_inbox BEGIN UPDATE sync_clock SET version = version + 1; INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    VALUES (NEW.f_user_idx, 'inbox', NEW.f_idx, (SELECT version FROM sync_clock), 0)
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0; END;

-- trigger sync_site_contacts_delete
CREATE TRIGGER sync_site_contacts_delete AFTER DELETE ON site_contacts BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_site_versions SET version = (SELECT version FROM sync_clock) WHERE f_site_idx = OLD.f_site_idx; END;

-- trigger sync_site_contacts_insert
CREATE TRIGGER sync_site_contacts_insert AFTER INSERT ON site_contacts BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_site_versions SET version = (SELECT version FROM sync_clock) WHERE f_site_idx = NEW.f_site_idx; END;

-- trigger sync_site_contacts_update
CREATE TRIGGER sync_site_contacts_update AFTER UPDATE ON site_contacts BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_site_versions SET version = (SELECT version FROM sync_clock) WHERE f_site_idx = NEW.f_site_idx; END;

-- trigger sync_site_likes_delete
CREATE TRIGGER sync_site_likes_delete AFTER DELETE ON site_likes BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_feed SET version = (SELECT version FROM sync_clock), deleted = 1
    WHERE f_user_idx = OLD.f_user_idx AND entity = 'like' AND key = OLD.f_site_idx;
       UPDATE sync_feed SET version = (SELECT version FROM sync_clock), deleted = 1
    WHERE f_user_idx = OLD.f_user_idx AND entity = 'site' AND deleted = 0 AND key IN (SELECT OLD.f_site_idx)
      AND NOT EXISTS (SELECT 1 FROM sites s WHERE s.f_idx = sync_feed.key
    AND EXISTS (SELECT 1 FROM site_visible_to v WHERE v.f_site_idx = s.f_idx AND v.f_user_idx = OLD.f_user_idx)
    AND (s.f_user_idx = OLD.f_user_idx
      OR (s.f_group_idx IS NOT NULL AND EXISTS (SELECT 1 FROM group_members gm
        WHERE gm.f_group_idx = s.f_group_idx AND gm.f_user_idx = OLD.f_user_idx))
      OR EXISTS (SELECT 1 FROM site_likes l WHERE l.f_user_idx = OLD.f_user_idx AND l.f_site_idx = s.f_idx)
      OR EXISTS (SELECT 1 FROM site_recent_views r WHERE r.f_user_idx = OLD.f_user_idx AND r.f_site_idx = s.f_idx))); END;

-- trigger sync_site_likes_insert
CREATE TRIGGER sync_site_likes_insert AFTER INSERT ON site_likes BEGIN UPDATE sync_clock SET version = version + 1; INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    VALUES (NEW.f_user_idx, 'like', NEW.f_site_idx, (SELECT version FROM sync_clock), 0)
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0;
       INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    SELECT p.u, 'site', p.s, (SELECT version FROM sync_clock), 0 FROM (SELECT NEW.f_user_idx AS u, NEW.f_site_idx AS s) p WHERE p.u IS NOT NULL AND EXISTS (SELECT 1 FROM sites s WHERE s.f_idx = p.s
    AND EXISTS (SELECT 1 FROM site_visible_to v WHERE v.f_site_idx = s.f_idx AND v.f_user_idx = p.u)
    AND (s.f_user_idx = p.u
      OR (s.f_group_idx IS NOT NULL AND EXISTS (SELECT 1 FROM group_members gm
        WHERE gm.f_group_idx = s.f_group_idx AND gm.f_user_idx = p.u))
      OR EXISTS (SELECT 1 FROM site_likes l WHERE l.f_user_idx = p.u AND l.f_site_idx = s.f_idx)
      OR EXISTS (SELECT 1 FROM site_recent_views r WHERE r.f_user_idx = p.u AND r.f_site_idx = s.f_idx)))
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0
    WHERE sync_feed.deleted = 1; END;

-- trigger sync_site_likes_update
CREATE TRIGGER sync_site_likes_update AFTER UPDATE ON site_likes BEGIN UPDATE sync_clock SET version = version + 1; INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    VALUES (NEW.f_user_idx, 'like', NEW.f_site_idx, (SELECT version FROM sync_clock), 0)
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0; END;

-- trigger sync_site_memos_delete
CREATE TRIGGER sync_site_memos_delete AFTER DELETE ON site_memos BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_feed SET version = (SELECT version FROM sync_clock), deleted = 1
    WHERE f_user_idx = OLD.f_user_idx AND entity = 'memo' AND key = OLD.f_site_idx; END;

-- trigger sync_site_memos_insert
CREATE TRIGGER sync_site_memos_insert AFTER INSERT ON site_memos BEGIN UPDATE sync_clock SET version = version + 1; INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    VALUES (NEW.f_user_idx, 'memo', NEW.f_site_idx, (SELECT version FROM sync_clock), 0)
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0; END;

-- trigger sync_site_memos_update
CREATE TRIGGER sync_site_memos_update AFTER UPDATE ON site_memos BEGIN UPDATE sync_clock SET version = version + 1; INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    VALUES (NEW.f_user_idx, 'memo', NEW.f_site_idx, (SELECT version FROM sync_clock), 0)
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0; END;

-- trigger sync_site_recent_views_delete
CREATE TRIGGER sync_site_recent_views_delete AFTER DELETE ON site_recent_views BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_feed SET version = (SELECT version FROM sync_clock), deleted = 1
    WHERE f_user_idx = OLD.f_user_idx AND entity = 'recent' AND key = OLD.f_site_idx;
       UPDATE sync_feed SET version = (SELECT version FROM sync_clock), deleted = 1
    WHERE f_user_idx = OLD.f_user_idx AND entity = 'site' AND deleted = 0 AND key IN (SELECT OLD.f_site_idx)
      AND NOT EXISTS (SELECT 1 FROM sites s WHERE s.f_idx = sync_feed.key
    AND EXISTS (SELECT 1 FROM site_visible_to v WHERE v.f_site_idx = s.f_idx AND v.f_user_idx = OLD.f_user_idx)
    AND (s.f_user_idx = OLD.f_user_idx
      OR (s.f_group_idx IS NOT NULL AND EXISTS (SELECT 1 FROM group_members gm
        WHERE gm.f_group_idx = s.f_group_idx AND gm.f_user_idx = OLD.f_user_idx))
      OR EXISTS (SELECT 1 FROM site_likes l WHERE l.f_user_idx = OLD.f_user_idx AND l.f_site_idx = s.f_idx)
      OR EXISTS (SELECT 1 FROM site_recent_views r WHERE r.f_user_idx = OLD.f_user_idx AND r.f_site_idx = s.f_idx))); END;

-- trigger sync_site_recent_views_insert
CREATE TRIGGER sync_site_recent_views_insert AFTER INSERT ON site_recent_views BEGIN UPDATE sync_clock SET version = version + 1; INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    VALUES (NEW.f_user_idx, 'recent', NEW.f_site_idx, (SELECT version FROM sync_clock), 0)
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0;
       INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    SELECT p.u, 'site', p.s, (SELECT version FROM sync_clock), 0 FROM (SELECT NEW.f_user_idx AS u, NEW.f_site_idx AS s) p WHERE p.u IS NOT NULL AND EXISTS (SELECT 1 FROM sites s WHERE s.f_idx = p.s
    AND EXISTS (SELECT 1 FROM site_visible_to v WHERE v.f_site_idx = s.f_idx AND v.f_user_idx = p.u)
    AND (s.f_user_idx = p.u
      OR (s.f_group_idx IS NOT NULL AND EXISTS (SELECT 1 FROM group_members gm
        WHERE gm.f_group_idx = s.f_group_idx AND gm.f_user_idx = p.u))
      OR EXISTS (SELECT 1 FROM site_likes l WHERE l.f_user_idx = p.u AND l.f_site_idx = s.f_idx)
      OR EXISTS (SELECT 1 FROM site_recent_views r WHERE r.f_user_idx = p.u AND r.f_site_idx = s.f_idx)))
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0
    WHERE sync_feed.deleted = 1; END;

-- trigger sync_site_recent_views_update
CREATE TRIGGER sync_site_recent_views_update AFTER UPDATE ON site_recent_views BEGIN UPDATE sync_clock SET version = version + 1; INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    VALUES (NEW.f_user_idx, 'recent', NEW.f_site_idx, (SELECT version FROM sync_clock), 0)
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0; END;

-- trigger sync_site_rooms_delete
CREATE TRIGGER sync_site_rooms_delete AFTER DELETE ON site_rooms BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_site_versions SET version = (SELECT version FROM sync_clock) WHERE f_site_idx = OLD.f_site_idx; END;

-- trigger sync_site_rooms_insert
CREATE TRIGGER sync_site_rooms_insert AFTER INSERT ON site_rooms BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_site_versions SET version = (SELECT version FROM sync_clock) WHERE f_site_idx = NEW.f_site_idx; END;

-- trigger sync_site_rooms_update
CREATE TRIGGER sync_site_rooms_update AFTER UPDATE ON site_rooms BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_site_versions SET version = (SELECT version FROM sync_clock) WHERE f_site_idx = NEW.f_site_idx; END;

-- trigger sync_sites_delete
CREATE TRIGGER sync_sites_delete AFTER DELETE ON sites BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_feed SET version = (SELECT version FROM sync_clock), deleted = 1 WHERE entity = 'site' AND key = OLD.f_idx AND deleted = 0;
     DELETE FROM sync_site_versions WHERE f_site_idx = OLD.f_idx; END;

-- trigger sync_sites_insert
CREATE TRIGGER sync_sites_insert AFTER INSERT ON sites BEGIN UPDATE sync_clock SET version = version + 1; INSERT INTO sync_site_versions (f_site_idx, version, units_version) VALUES (NEW.f_idx, (SELECT version FROM sync_clock), (SELECT version FROM sync_clock))
       ON CONFLICT (f_site_idx) DO UPDATE SET version = excluded.version, units_version = excluded.units_version;
     INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    SELECT p.u, 'site', p.s, (SELECT version FROM sync_clock), 0 FROM (SELECT NEW.f_user_idx AS u, NEW.f_idx AS s
       UNION SELECT gm.f_user_idx, NEW.f_idx FROM group_members gm WHERE gm.f_group_idx = NEW.f_group_idx) p WHERE p.u IS NOT NULL AND EXISTS (SELECT 1 FROM sites s WHERE s.f_idx = p.s
    AND EXISTS (SELECT 1 FROM site_visible_to v WHERE v.f_site_idx = s.f_idx AND v.f_user_idx = p.u)
    AND (s.f_user_idx = p.u
      OR (s.f_group_idx IS NOT NULL AND EXISTS (SELECT 1 FROM group_members gm
        WHERE gm.f_group_idx = s.f_group_idx AND gm.f_user_idx = p.u))
      OR EXISTS (SELECT 1 FROM site_likes l WHERE l.f_user_idx = p.u AND l.f_site_idx = s.f_idx)
      OR EXISTS (SELECT 1 FROM site_recent_views r WHERE r.f_user_idx = p.u AND r.f_site_idx = s.f_idx)))
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0
    WHERE sync_feed.deleted = 1; END;

-- trigger sync_sites_scope
CREATE TRIGGER sync_sites_scope AFTER UPDATE OF f_user_idx, f_group_idx, f_status, f_hidden, f_site_type ON sites
     WHEN OLD.f_user_idx IS NOT NEW.f_user_idx OR OLD.f_group_idx IS NOT NEW.f_group_idx OR OLD.f_status IS NOT NEW.f_status OR OLD.f_hidden IS NOT NEW.f_hidden OR OLD.f_site_type IS NOT NEW.f_site_type BEGIN UPDATE sync_clock SET version = version + 1; INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    SELECT p.u, 'site', p.s, (SELECT version FROM sync_clock), 0 FROM (SELECT NEW.f_user_idx AS u, NEW.f_idx AS s
       UNION SELECT gm.f_user_idx, NEW.f_idx FROM group_members gm WHERE gm.f_group_idx = NEW.f_group_idx
       UNION SELECT f_user_idx, NEW.f_idx FROM site_likes WHERE f_site_idx = NEW.f_idx
       UNION SELECT f_user_idx, NEW.f_idx FROM site_recent_views WHERE f_site_idx = NEW.f_idx) p WHERE p.u IS NOT NULL AND EXISTS (SELECT 1 FROM sites s WHERE s.f_idx = p.s
    AND EXISTS (SELECT 1 FROM site_visible_to v WHERE v.f_site_idx = s.f_idx AND v.f_user_idx = p.u)
    AND (s.f_user_idx = p.u
      OR (s.f_group_idx IS NOT NULL AND EXISTS (SELECT 1 FROM group_members gm
        WHERE gm.f_group_idx = s.f_group_idx AND gm.f_user_idx = p.u))
      OR EXISTS (SELECT 1 FROM site_likes l WHERE l.f_user_idx = p.u AND l.f_site_idx = s.f_idx)
      OR EXISTS (SELECT 1 FROM site_recent_views r WHERE r.f_user_idx = p.u AND r.f_site_idx = s.f_idx)))
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0
    WHERE sync_feed.deleted = 1;
     UPDATE sync_feed SET version = (SELECT version FROM sync_clock), deleted = 1
    WHERE entity = 'site' AND key = NEW.f_idx AND deleted = 0 AND NOT EXISTS (SELECT 1 FROM sites s WHERE s.f_idx = NEW.f_idx
    AND EXISTS (SELECT 1 FROM site_visible_to v WHERE v.f_site_idx = s.f_idx AND v.f_user_idx = sync_feed.f_user_idx)
    AND (s.f_user_idx = sync_feed.f_user_idx
      OR (s.f_group_idx IS NOT NULL AND EXISTS (SELECT 1 FROM group_members gm
        WHERE gm.f_group_idx = s.f_group_idx AND gm.f_user_idx = sync_feed.f_user_idx))
      OR EXISTS (SELECT 1 FROM site_likes l WHERE l.f_user_idx = sync_feed.f_user_idx AND l.f_site_idx = s.f_idx)
      OR EXISTS (SELECT 1 FROM site_recent_views r WHERE r.f_user_idx = sync_feed.f_user_idx AND r.f_site_idx = s.f_idx))); END;

-- trigger sync_sites_update
CREATE TRIGGER sync_sites_update AFTER UPDATE ON sites BEGIN UPDATE sync_clock SET version = version + 1; UPDATE sync_site_versions SET version = (SELECT version FROM sync_clock),
       units_version = CASE WHEN OLD.f_status IS NOT NEW.f_status THEN (SELECT version FROM sync_clock) ELSE units_version END
     WHERE f_site_idx = NEW.f_idx; END;

-- trigger sync_users_delete
CREATE TRIGGER sync_users_delete AFTER DELETE ON users BEGIN
    DELETE FROM sync_feed WHERE f_user_idx = OLD.f_idx; END;

-- view site_visible_to
CREATE VIEW site_visible_to AS
    SELECT s.f_idx AS f_site_idx, u.f_idx AS f_user_idx FROM sites s, users u WHERE 
  (s.f_user_idx = u.f_idx AND s.f_status IN ('N', 'P'))
  OR (s.f_status = 'N' AND s.f_site_type IN ('O', 'G') AND (
    s.f_hidden = 'N'
    OR (s.f_group_idx IS NOT NULL AND EXISTS (SELECT 1 FROM group_members gm
      WHERE gm.f_group_idx = s.f_group_idx AND gm.f_user_idx = u.f_idx))
  ));
