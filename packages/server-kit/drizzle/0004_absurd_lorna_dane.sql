CREATE TABLE "case_status_counts" (
	"status" integer PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
