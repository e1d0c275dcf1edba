ALTER TABLE "activity" DROP CONSTRAINT "activity_case_id_cases_id_fk";
